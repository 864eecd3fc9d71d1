// Rendered with the start screen: the first question's code (with the journey table it brings) is
// fetched at the applicant's first input, a press or a key. Not before: the start page's budget
// counts every script loaded before the first input. Not on idle after it either: the first input
// is most often the press on "Start your application", whose click follows within a tenth of a
// second, and a busy phone may not be idle in between (docs/decisions/1402).
import { useEffect } from 'react'
import { useRouter } from 'wouter'
import { useBrand } from '#brand/use-brand'
import { getApplication } from '#lib/session-store'
import { preloadPath } from './route-screens'

/** What counts as the first input: as for the consented services (lib/consent.ts). */
export const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown'] as const

export function PrefetchFirstQuestion() {
  const { parser } = useRouter()
  const brand = useBrand()
  useEffect(() => {
    let left = false
    const removeListeners = () => {
      for (const name of FIRST_INPUT_EVENTS) window.removeEventListener(name, onFirstInput, true)
    }
    function onFirstInput() {
      removeListeners()
      void import('@forecourt/domain/journey/first-question').then(({ firstQuestionPath }) => {
        if (!left) void preloadPath(parser, firstQuestionPath(getApplication(), brand))
      })
    }
    for (const name of FIRST_INPUT_EVENTS) {
      window.addEventListener(name, onFirstInput, { capture: true, passive: true })
    }
    return () => {
      left = true
      removeListeners()
    }
  }, [parser, brand])
  return null
}

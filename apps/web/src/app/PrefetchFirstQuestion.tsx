// Rendered with the start screen: the first question's code (with the journey table it brings) is
// fetched after the applicant's first input, a press or a key, once the browser is idle. Not
// before: the start page's budget counts every script loaded before the first input, and most
// first inputs are the press on "Start your application" (docs/decisions/1402).
import { useEffect } from 'react'
import { useRouter } from 'wouter'
import { useBrand } from '../brand/use-brand'
import { getApplication } from '../lib/session-store'
import { preloadPath } from './route-screens'
import { whenIdle } from './when-idle'

/** What counts as the first input: as for the consented services (lib/consent.ts). */
export const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown'] as const

export function PrefetchFirstQuestion() {
  const { parser } = useRouter()
  const brand = useBrand()
  useEffect(() => {
    let cancelIdle = () => {}
    const removeListeners = () => {
      for (const name of FIRST_INPUT_EVENTS) window.removeEventListener(name, onFirstInput, true)
    }
    function onFirstInput() {
      removeListeners()
      cancelIdle = whenIdle(() => {
        void import('@forecourt/domain/journey/first-question').then(({ firstQuestionPath }) =>
          preloadPath(parser, firstQuestionPath(getApplication(), brand)),
        )
      })
    }
    for (const name of FIRST_INPUT_EVENTS) {
      window.addEventListener(name, onFirstInput, { capture: true, passive: true })
    }
    return () => {
      removeListeners()
      cancelIdle()
    }
  }, [parser, brand])
  return null
}

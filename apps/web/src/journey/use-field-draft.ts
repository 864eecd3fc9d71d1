// Drafts for inputs whose typed text is not the stored value: numbers (the text "1,500" is stored
// as 1500), and answers committed after a delay (email: 1 s, docs/requirements.md#email; years/months: 100 ms, docs/requirements.md#histories). The
// draft keeps what was typed; the state gets the committed value; Continue flushes what is pending.
import { parseNumberInput } from '@forecourt/domain/fields/number'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { JourneyStep } from './use-journey-step'

export interface FieldDraft {
  value: string
  onChange: (raw: string) => void
  /** Commits at once (also what Continue does). */
  flush: () => void
}

/**
 * A text draft committed `delayMs` after the last change, at once on blur (call `flush` from the
 * field's onBlur), and before Continue or Previous.
 */
export function useDelayedCommit(
  stored: string,
  commit: (value: string) => void,
  step: Pick<JourneyStep, 'registerFlush'>,
  delayMs: number,
): FieldDraft {
  const [value, setValue] = useState(stored)
  const pending = useRef<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const commitRef = useRef(commit)
  useEffect(() => {
    commitRef.current = commit
  })

  const flush = useCallback(() => {
    clearTimeout(timer.current)
    if (pending.current === null) return
    const next = pending.current
    pending.current = null
    commitRef.current(next)
  }, [])

  const { registerFlush } = step
  useEffect(() => registerFlush(flush), [registerFlush, flush])
  // Leaving the screen any other way (browser back) still keeps what was typed.
  useEffect(() => flush, [flush])

  const onChange = useCallback(
    (raw: string) => {
      setValue(raw)
      pending.current = raw
      clearTimeout(timer.current)
      timer.current = setTimeout(flush, delayMs)
    },
    [delayMs, flush],
  )
  return { value, onChange, flush }
}

/** A number typed as text: the state holds the parsed number (blank → null, rounded up, docs/requirements.md#normalisation-before-sending). */
export function useNumberDraft(
  stored: number | null,
  commit: (value: number | null) => void,
): Omit<FieldDraft, 'flush'> {
  const [value, setValue] = useState(stored === null ? '' : String(stored))
  const onChange = useCallback(
    (raw: string) => {
      setValue(raw)
      commit(parseNumberInput(raw))
    },
    [commit],
  )
  return { value, onChange }
}

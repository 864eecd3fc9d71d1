// A Continue or Previous press whose next screen's code is still on its way waits for it, briefly,
// instead of showing the loading line: React reveals a suspended screen no sooner than 300 ms after
// its fallback, so a module that arrives just after the press paints its heading over 300 ms after it
// (bench:phone 2026-11-29 21:06: 320–340 ms; decision 2187). Screens whose code is here go at once.
import { createContext, useCallback, useContext, useEffect, useRef } from 'react'
import { useRouter, type Parser } from 'wouter'

/** How long a press waits for the next screen's code before going anyway (and showing the loading line). */
export const WAIT_FOR_SCREEN_MS = 250

/**
 * For a path, undefined when its screen can be shown at once (its code is here, or no route shows it),
 * else a promise that settles when its code has loaded or failed (route-screens.ts's screenReady).
 */
export type ScreenReady = (parser: Parser, path: string) => Promise<boolean> | undefined

export const ScreenReadyContext = createContext<ScreenReady>(() => undefined)

/** `navigate`, but waiting up to WAIT_FOR_SCREEN_MS for the code of a screen still loading. */
export function useNavigateWhenReady(navigate: (path: string) => void): (path: string) => void {
  const screenReady = useContext(ScreenReadyContext)
  const { parser } = useRouter()
  // One wait at a time: a second press while waiting goes nowhere else; leaving the screen
  // (Back, a link) cancels the wait.
  const waiting = useRef<(() => void) | undefined>(undefined)
  useEffect(() => () => waiting.current?.(), [])
  return useCallback(
    (path: string) => {
      if (waiting.current !== undefined) return
      const ready = screenReady(parser, path)
      if (ready === undefined) {
        navigate(path)
        return
      }
      let settled = false
      const finish = (go: boolean) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        waiting.current = undefined
        if (go) navigate(path)
      }
      const timer = setTimeout(() => finish(true), WAIT_FOR_SCREEN_MS)
      waiting.current = () => finish(false)
      void ready.then(
        () => finish(true),
        () => finish(true),
      )
    },
    [navigate, parser, screenReady],
  )
}

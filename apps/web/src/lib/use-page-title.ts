// A screen whose title follows what it shows (the submit and thank-you screens name the state of
// the sending). The router sets the route's title in its own effect, which runs after the screen's
// on a change of route: the screen's title is set once the effects have run, so it wins.
import { useEffect } from 'react'

export function usePageTitle(title: string): void {
  useEffect(() => {
    let current = true
    queueMicrotask(() => {
      if (current) document.title = title
    })
    return () => {
      current = false
    }
  }, [title])
}

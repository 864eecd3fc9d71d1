// Work that a press's answer on screen must not wait for (sending queued evidence, a Continue's
// analytics beacons): run once the browser has painted the next frame, so the next screen shows
// first (docs/decisions/2179, 2183). A hidden page paints no frames: there it runs at the next task.

/** Runs `work` after the next frame is painted (at the next task in a hidden page). */
export function afterNextPaint(work: () => void): void {
  // The frame's callbacks run just before it is painted; a task queued from there runs after.
  if (document.hidden) setTimeout(work)
  else requestAnimationFrame(() => setTimeout(work))
}

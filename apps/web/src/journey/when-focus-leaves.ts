// A group of inputs (day/month/year, years/months) counts as touched only once focus leaves the
// whole group: moving from one part to the next is not being done with the answer, and a message
// about the part not yet typed must not appear (nor the error summary take focus) on the way.

/**
 * Calls `onLeave` once focus has settled outside every element whose id starts with `fieldId`
 * (a group's parts share the field's id as their prefix: `timeAtEmployer`, `timeAtEmployer-months`).
 */
export function whenFocusLeaves(fieldId: string, onLeave: () => void): void {
  // During blur the next element has not taken focus yet: look once it has.
  setTimeout(() => {
    const active = document.activeElement
    if (!(active instanceof HTMLElement && active.id.startsWith(fieldId))) onLeave()
  }, 0)
}

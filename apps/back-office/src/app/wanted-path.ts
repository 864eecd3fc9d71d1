// Where a signed-out user was going: the router remembers it, and Sign in returns there. Kept apart from
// the router so the sign-in screen, which the router loads, does not import the router back.

let wanted: string | undefined

export function rememberWantedPath(path: string): void {
  wanted = path
}

/** The address to go to after signing in, once. */
export function takeWantedPath(): string {
  const path = wanted ?? '/applications'
  wanted = undefined
  return path
}

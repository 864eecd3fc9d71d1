/** Reads one cookie from a `document.cookie` string; undefined when absent. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1) continue
    if (part.slice(0, separator).trim() !== name) continue
    const raw = part.slice(separator + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      // A cookie written by another script may not be URI-encoded: keep it as it is.
      return raw
    }
  }
  return undefined
}

/** Saves a file made in the page (an export) through the browser's own download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the click; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

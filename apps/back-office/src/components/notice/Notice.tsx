import type { ReactNode } from 'react'

/**
 * A message about what just happened or what is wrong. Success and information are polite status
 * messages; an error is an alert, read at once.
 */
export function Notice({
  kind = 'info',
  children,
}: {
  kind?: 'info' | 'success' | 'error' | 'warning'
  children: ReactNode
}) {
  return (
    <div className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}

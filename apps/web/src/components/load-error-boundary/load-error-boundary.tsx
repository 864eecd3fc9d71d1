import { Component, type ErrorInfo, type ReactNode } from 'react'
import { track } from '#lib/analytics'

interface Props {
  children: ReactNode
  /** Where the failure happened, for the analytics event (a path or a modal's name). */
  part: string
  /** A whole screen failed: the message becomes the page's heading. */
  asScreen?: boolean
}

/**
 * Catches a part of the page that failed to load (a missing chunk, the 120 s timeout) or to
 * render. React keeps a failed lazy load, so "Try again" reloads the page.
 */
export class LoadErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    console.error(`Page part failed to load: ${error.message}`)
    track({ event: 'Load Error', category: 'Application form', step: this.props.part })
  }

  override render() {
    if (!this.state.failed) return this.props.children
    const message = 'Sorry, this part of the page did not load.'
    return (
      <div className="load-error" role="alert">
        {this.props.asScreen ? (
          <h1 tabIndex={-1}>{message}</h1>
        ) : (
          <p>
            <strong>{message}</strong>
          </p>
        )}
        <p>Check your internet connection, then try again. Your answers are kept.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    )
  }
}

// The modal area (docs/requirements.md#shell): a native <dialog> opened with showModal(), so the rest of the page is
// inert and Escape closes it. Focus starts on its heading and returns where it came from.

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

interface ModalProps {
  title: string
  open: boolean
  onClose: () => void
  children: ReactNode
  /** Where focus goes on close; by default the element that had focus when the modal opened. */
  returnFocusTo?: () => HTMLElement | null | undefined
}

export function Modal({ title, open, onClose, children, returnFocusTo }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const returnFocus = useRef(returnFocusTo)
  useEffect(() => {
    returnFocus.current = returnFocusTo
  })

  useEffect(() => {
    const element = dialog.current
    if (!open || !element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof element.showModal === 'function') {
      if (!element.open) element.showModal()
    } else {
      // Browsers (and test DOMs) without showModal still show it, without the inert backdrop.
      element.setAttribute('open', '')
    }
    // Start at the heading so the title is read first, whatever the dialog holds.
    heading.current?.focus()
    return () => {
      if (typeof element.close === 'function' && element.open) element.close()
      else element.removeAttribute('open')
      const target = returnFocus.current?.() ?? opener
      if (target?.isConnected) target.focus()
    }
  }, [open])

  if (!open) return null

  const closeOnEscape = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    onClose()
  }

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={headingId}
      onCancel={(event) => {
        // Escape: close through React state, so the dialog and the state never disagree.
        event.preventDefault()
        onClose()
      }}
      onKeyDown={closeOnEscape}
    >
      <div className="modal-header">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="modal-body">{children}</div>
    </dialog>
  )
}

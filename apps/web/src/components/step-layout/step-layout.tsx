// The frame of every question screen: its heading, its fields, Continue and Previous. While the
// application is locked (isLocked, docs/requirements.md#shell) every input and button in it is disabled, and a
// notice says why, with the reference and the way on (docs/decisions/1530).

import type { FormEvent, MouseEvent, ReactNode } from 'react'
import { useLocation } from 'wouter'
import { SAVE_FOR_LATER_BUTTON } from '@forecourt/domain/save-return/save-button'
import { useApplication } from '#lib/session-store'
import { ScreenHeading } from '../screen-heading/screen-heading'
import { SubmittedNotice } from './submitted-notice'

interface StepLayoutProps {
  /** The screen's h1; omit it when a control draws its label or legend as the heading. */
  title?: ReactNode
  children: ReactNode
  onContinue: () => void
  onPrevious: () => void
  continueLabel?: string
}

export function StepLayout({
  title,
  children,
  onContinue,
  onPrevious,
  continueLabel = 'Continue',
}: StepLayoutProps) {
  const isLocked = useApplication((state) => state.isLocked)
  const canContinue = useApplication((state) => state.isEnabledContinue)
  const canGoBack = useApplication((state) => state.isEnabledGoBack)
  const [location, navigate] = useLocation()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isLocked || !canContinue) return
    onContinue()
  }

  return (
    // A pre-rendered question is on screen before this handler exists (docs/decisions/1941): a
    // press of Continue or Enter there would submit the form by GET, the answers in the address
    // and the server's logs. A form whose method is dialog, outside a dialog, is submitted nowhere
    // (docs/decisions/2155); once the app has taken over, `submit` handles every press.
    <form method="dialog" noValidate onSubmit={submit}>
      {title !== undefined && <ScreenHeading>{title}</ScreenHeading>}
      {isLocked && <SubmittedNotice />}
      {/* A fieldset's disabled attribute disables every control inside it at once. */}
      <fieldset className="step-fields" disabled={isLocked}>
        {children}
      </fieldset>
      <div className="step-actions">
        <button
          type="submit"
          className="button"
          disabled={isLocked || !canContinue}
          onMouseDown={keepFocusWhilePressed}
        >
          {continueLabel}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={isLocked || !canGoBack}
          onClick={onPrevious}
          onMouseDown={keepFocusWhilePressed}
        >
          Previous
        </button>
        {/* Save and come back later (docs/requirements.md#save-and-come-back-later). */}
        <button
          type="button"
          className="link-button step-actions__save"
          disabled={isLocked}
          onClick={() => navigate(`/save?from=${encodeURIComponent(location)}`)}
        >
          {SAVE_FOR_LATER_BUTTON}
        </button>
      </div>
    </form>
  )
}

/**
 * Pressing a button moves focus to it before the click: the field being left shows its message
 * (and the error summary appears), the button moves down the page, and the release lands beside
 * it, so the press is lost. Keeping focus in the field until the click means nothing moves under
 * the pointer; the click itself then checks every field. Keyboard presses are not affected.
 */
function keepFocusWhilePressed(event: MouseEvent<HTMLButtonElement>): void {
  event.preventDefault()
}

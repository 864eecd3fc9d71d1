// The frame of a journey screen: the shell's step layout with the error summary above the fields.
import type { ReactNode } from 'react'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { StepLayout } from '#components/step-layout/step-layout'
import type { JourneyStep as Step } from './use-journey-step'

interface JourneyStepProps {
  step: Step
  /** The h1; omit it when a control's legend or label is the heading (legendAsHeading). */
  title?: ReactNode
  children: ReactNode
  continueLabel?: string
  /**
   * Where a summary link goes when it is not the field's own id: the part of a date the message
   * is about ('dateOfBirth' → 'dateOfBirth-month').
   */
  errorLinks?: Readonly<Record<string, string>>
}

export function JourneyStep({
  step,
  title,
  children,
  continueLabel,
  errorLinks,
}: JourneyStepProps) {
  // Every message beside a field is also in the summary, however it came to show: a failed
  // Continue, or leaving a field with an answer the rules refuse (docs/decisions/1538). Only a
  // failed Continue moves focus; a message shown on leaving a field leaves focus where the
  // applicant put it.
  const summary = step.shownErrors.map(({ field, text }) => ({
    id: errorLinks?.[field] ?? field,
    message: text,
  }))
  return (
    <>
      <ErrorSummary errors={summary} focusKey={step.attempt} focusOnAppear={false} />
      <StepLayout
        title={title}
        onContinue={step.continueStep}
        onPrevious={step.previousStep}
        {...(continueLabel ? { continueLabel } : {})}
      >
        {children}
      </StepLayout>
    </>
  )
}

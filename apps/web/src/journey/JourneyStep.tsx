// The frame of a journey screen: the shell's step layout with the error summary above the fields.
import type { ReactNode } from 'react'
import { ErrorSummary } from '../components/form/error-summary/ErrorSummary'
import { StepLayout } from '../app/StepLayout'
import type { JourneyStep as Step } from './use-journey-step'

interface JourneyStepProps {
  step: Step
  /** The h1; omit it when a control's legend or label is the heading (legendAsHeading). */
  title?: ReactNode
  children: ReactNode
  continueLabel?: string
}

export function JourneyStep({ step, title, children, continueLabel }: JourneyStepProps) {
  // The summary belongs to a failed Continue: errors shown on leaving a field stay beside it, so
  // tabbing on is not interrupted by the summary taking focus.
  const summary =
    step.attempt > 0
      ? step.errors.map(({ field, error }) => ({ id: field, message: error.text }))
      : []
  return (
    <>
      <ErrorSummary errors={summary} focusKey={step.attempt} />
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

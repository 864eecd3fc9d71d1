// The partial application saved in the background (docs/requirements.md#submission, docs/requirements.md#calls): "the same mapped payload"
// as the full submission, but never flagged as completed or agreed.

import { normaliseEmail } from '../fields/email'
import { normaliseName } from '../fields/name'
import { normalisePhoneForSending } from '../fields/phone'
import type { ApplicationForm, ApplicationState } from '../state/application-state'
import { type FullSubmissionPayload, type PayloadOptions, mapApplication } from './full-payload'

export type PartialPayload = Omit<
  FullSubmissionPayload,
  'termsAndConditionsAgreed' | 'IsCompleted'
> & {
  termsAndConditionsAgreed: false
  IsCompleted: false
}

/**
 * The same mapping as the full submission. The terms are agreed only by submitting, so a partial
 * save says false for both flags even when the box is already ticked (decision 0204).
 */
export function toPartialPayload(
  state: ApplicationState,
  opts: Omit<PayloadOptions, 'agreeTerms'>,
): PartialPayload {
  return { ...mapApplication(state, opts), termsAndConditionsAgreed: false, IsCompleted: false }
}

/**
 * docs/requirements.md#partial-saves: a partial application is sent once first name, last name, email and contact number are all
 * present, judged on what would be sent (a name of spaces or a phone of one digit is not present).
 */
export function isReadyForPartialSave(
  form: Pick<ApplicationForm, 'firstName' | 'lastName' | 'email' | 'contactNumber'>,
): boolean {
  return (
    normaliseName(form.firstName) !== '' &&
    normaliseName(form.lastName) !== '' &&
    normaliseEmail(form.email) !== '' &&
    normalisePhoneForSending(form.contactNumber) !== ''
  )
}

// /joint-customer-contact: the joint applicant's email (committed 1 s after typing stops, or on
// leaving the field; spaces blocked) and phone (sanitised as typed). Autofill is off: it would
// offer the main applicant's own email and number.
import { sanitisePhoneInput } from '@forecourt/domain/fields/phone'
import { EMAIL_DEBOUNCE_MS } from '@forecourt/domain/fields/timing'
import { EmailInput } from '#components/form/email-input/email-input'
import { PhoneInput } from '#components/form/phone-input/phone-input'
import { PHONE_HINT } from '#components/form/phone-input/phone-hint'
import { JourneyStep } from '#journey/journey-step'
import { useDelayedCommit } from '#journey/use-field-draft'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function JointCustomerContactScreen() {
  const step = useJourneyStep('joint-customer-contact')
  const joint = useApplication((state) => state.form.joint)
  const email = useDelayedCommit(
    joint.email,
    (value) => update((draft) => void (draft.form.joint.email = value.trim())),
    step,
    EMAIL_DEBOUNCE_MS,
  )

  return (
    <JourneyStep step={step} title="How can we contact them?">
      <EmailInput
        {...step.field('jointEmail')}
        label="Their email address"
        hint="We will use it to contact them about this application."
        autoComplete="off"
        value={email.value}
        onChange={email.onChange}
        onBlur={() => {
          email.flush()
          step.field('jointEmail').onBlur()
        }}
      />
      <PhoneInput
        {...step.field('jointContactNumber')}
        label="Their phone number"
        hint={PHONE_HINT}
        autoComplete="off"
        sanitise={sanitisePhoneInput}
        value={joint.contactNumber}
        onChange={(value) => update((draft) => void (draft.form.joint.contactNumber = value))}
      />
    </JourneyStep>
  )
}

// /contact: email (committed 1 s after typing stops, or on leaving the field; spaces blocked) and
// phone (sanitised as typed). The partial save starts once names, email and phone are present.
import { EMAIL_DEBOUNCE_MS } from '@forecourt/domain/fields/timing'
import { sanitisePhoneInput } from '@forecourt/domain/fields/phone'
import { EmailInput } from '#components/form/email-input/email-input'
import { PhoneInput } from '#components/form/phone-input/phone-input'
import { PHONE_HINT } from '#components/form/phone-input/phone-hint'
import { JourneyStep } from '#journey/journey-step'
import { useDelayedCommit } from '#journey/use-field-draft'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

export default function ContactScreen() {
  const step = useJourneyStep('contact')
  const form = useApplication((state) => state.form)
  const email = useDelayedCommit(
    form.email,
    (value) => update((draft) => void (draft.form.email = value.trim())),
    step,
    EMAIL_DEBOUNCE_MS,
  )

  return (
    <JourneyStep step={step} title="How can we contact you?">
      <EmailInput
        {...step.field('email')}
        label="Email address"
        hint="We will send your quote and any updates about your application here."
        value={email.value}
        onChange={email.onChange}
        onBlur={() => {
          email.flush()
          step.field('email').onBlur()
        }}
      />
      <PhoneInput
        {...step.field('contactNumber')}
        label="Phone number"
        hint={PHONE_HINT}
        sanitise={sanitisePhoneInput}
        value={form.contactNumber}
        onChange={(value) => update((draft) => void (draft.form.contactNumber = value))}
      />
    </JourneyStep>
  )
}

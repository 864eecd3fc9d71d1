// /residential-status/{n}: whether the applicant owns or rents address n. After it the journey table
// asks for the previous address (n + 1) until the history covers 3 years.
// /joint-residential-status/{n} asks the same of the joint applicant's own address n, in their words
// (docs/decisions/1841), in this screen's chunk.
import { residentialStatusOptions } from '@forecourt/domain/journey/options'
import type { Address, ApplicationState } from '@forecourt/domain/state/application-state'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import {
  addressEntry,
  describeAddress,
  jointAddressEntry,
} from '#journey/address-finder/address-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { update, useApplication } from '#lib/session-store'

const HISTORIES = {
  main: {
    stepId: 'residential-status',
    fieldId: 'residentialStatus',
    questions: [
      'What is your residential status at this address?',
      'What was your residential status at this address?',
    ],
    entry: addressEntry,
    stored: (state: ApplicationState, n: number): Address | undefined =>
      state.form.addresses[n - 1],
  },
  joint: {
    stepId: 'joint-residential-status',
    fieldId: 'jointResidentialStatus',
    questions: [
      'What is their residential status at this address?',
      'What was their residential status at this address?',
    ],
    entry: jointAddressEntry,
    stored: (state: ApplicationState, n: number): Address | undefined =>
      state.form.joint.addresses[n - 1],
  },
} as const

function StatusScreen({ person }: { person: keyof typeof HISTORIES }) {
  const history = HISTORIES[person]
  const step = useJourneyStep(history.stepId)
  const { n } = step
  const entry = useApplication((state) => history.stored(state, n))
  const where = entry ? describeAddress(entry) : ''

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field(history.fieldId)}
        label={n === 1 ? history.questions[0] : history.questions[1]}
        legendAsHeading
        {...(where ? { hint: where } : {})}
        options={residentialStatusOptions}
        value={entry?.residentialStatus ?? ''}
        onChange={(status) =>
          update((draft) => void (history.entry(draft, n).residentialStatus = status))
        }
      />
    </JourneyStep>
  )
}

export default function ResidentialStatusScreen() {
  return <StatusScreen person="main" />
}

export function JointResidentialStatusScreen() {
  return <StatusScreen person="joint" />
}

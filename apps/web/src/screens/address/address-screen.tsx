// /address/{n}: address n of the history, found by postcode or typed in. Later entries go back in
// time until the history covers 3 years, so they ask for the previous address and show the total.
// /joint-same-address asks whether the joint applicant lives at the applicant's address, and
// /joint-address/{n} asks for their own when they do not, in their words (docs/decisions/1841); both
// share this screen's chunk, so the page's first script names no more files than before.
import {
  addressPeriods,
  describeHistoryTotal,
  totalMonths,
} from '@forecourt/domain/histories/histories'
import {
  emptyAddress,
  type Address,
  type ApplicationState,
  type SavedAddress,
} from '@forecourt/domain/state/application-state'
import { useCallback, useEffect } from 'react'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { AddressFinder } from '#journey/address-finder/address-finder'
import {
  addressEntry,
  describeAddress,
  jointAddressEntry,
  jointSavedAddressOf,
  savedAddressOf,
} from '#journey/address-finder/address-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { fromYesNo, toYesNo, yesNoOptions } from '#journey/yes-no'
import { getApplication, update, useApplication } from '#lib/session-store'

const BLANK_ADDRESS = emptyAddress()
const BLANK_MEMORY: SavedAddress = { manual: false, streetAddress: '', value: '' }

/** Whose history a screen asks about: where it is kept and how it is worded. */
const HISTORIES = {
  main: {
    stepId: 'address',
    titles: ['What is your address?', 'What was your previous address?'],
    addresses: (state: ApplicationState) => state.form.addresses,
    memories: (state: ApplicationState) => state.savedAddresses,
    entry: addressEntry,
    memory: savedAddressOf,
  },
  joint: {
    stepId: 'joint-address',
    titles: ['What is their address?', 'What was their previous address?'],
    addresses: (state: ApplicationState) => state.form.joint.addresses,
    memories: (state: ApplicationState) => state.jointSavedAddresses,
    entry: jointAddressEntry,
    memory: jointSavedAddressOf,
  },
} as const

function HistoryAddressScreen({ person }: { person: keyof typeof HISTORIES }) {
  const history = HISTORIES[person]
  const step = useJourneyStep(history.stepId)
  const { n } = step
  const addresses = useApplication(history.addresses)
  const memory = useApplication((state) => history.memories(state)[n - 1]) ?? BLANK_MEMORY
  const earlier = totalMonths(addressPeriods(addresses.slice(0, n - 1)))

  useEffect(() => {
    if (!history.addresses(getApplication())[n - 1]) {
      update((draft) => void history.entry(draft, n))
    }
  }, [history, n])

  const change = useCallback(
    (mutate: (address: Address, memory: SavedAddress) => void) =>
      update((draft) => mutate(history.entry(draft, n), history.memory(draft, n))),
    [history, n],
  )

  return (
    <JourneyStep step={step} title={n === 1 ? history.titles[0] : history.titles[1]}>
      {n > 1 ? <p className="history-total">{describeHistoryTotal(earlier)}</p> : null}
      {/* Someone else's address: the browser must not offer the applicant's (decision 0302). */}
      <AddressFinder
        step={step}
        address={addresses[n - 1] ?? BLANK_ADDRESS}
        memory={memory}
        change={change}
        ownAddress={person === 'main'}
        person={person}
      />
    </JourneyStep>
  )
}

export default function AddressScreen() {
  return <HistoryAddressScreen person="main" />
}

/** /joint-address/{n}: the joint applicant's own address n (docs/decisions/1841). */
export function JointAddressScreen() {
  return <HistoryAddressScreen person="joint" />
}

/**
 * /joint-same-address (a joint application): whether the joint applicant lives at the applicant's
 * current address, shown in the question. "No" asks for their own address history next.
 */
export function JointSameAddressScreen() {
  const step = useJourneyStep('joint-same-address')
  const answer = useApplication((state) => state.form.joint.livesAtApplicantAddress)
  const current = useApplication((state) => state.form.addresses[0])
  const where = current ? describeAddress(current) : ''

  return (
    <JourneyStep step={step}>
      <RadioGroup
        {...step.field('jointLivesAtApplicantAddress')}
        label="Does the joint applicant live at your address?"
        legendAsHeading
        {...(where ? { hint: `Your current address: ${where}` } : {})}
        options={yesNoOptions}
        inline
        value={toYesNo(answer)}
        onChange={(value) =>
          update((draft) => void (draft.form.joint.livesAtApplicantAddress = fromYesNo(value)))
        }
      />
    </JourneyStep>
  )
}

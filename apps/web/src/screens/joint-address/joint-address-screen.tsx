// /joint-address/{n}: the joint applicant's own address n, found by postcode or typed in, with the
// same finder and rules as the applicant's own (/address/{n}), in their wording. Later entries go
// back in time until their history covers 3 years (docs/decisions/1841).
import {
  addressPeriods,
  describeHistoryTotal,
  totalMonths,
} from '@forecourt/domain/histories/histories'
import {
  emptyAddress,
  type Address,
  type SavedAddress,
} from '@forecourt/domain/state/application-state'
import { useCallback, useEffect } from 'react'
import { AddressFinder } from '#journey/address-finder/address-finder'
import { jointAddressEntry, jointSavedAddressOf } from '#journey/address-finder/address-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { getApplication, update, useApplication } from '#lib/session-store'

const BLANK_ADDRESS = emptyAddress()
const BLANK_MEMORY: SavedAddress = { manual: false, streetAddress: '', value: '' }

export default function JointAddressScreen() {
  const step = useJourneyStep('joint-address')
  const { n } = step
  const addresses = useApplication((state) => state.form.joint.addresses)
  const memory = useApplication((state) => state.jointSavedAddresses[n - 1]) ?? BLANK_MEMORY
  const earlier = totalMonths(addressPeriods(addresses.slice(0, n - 1)))

  useEffect(() => {
    if (!getApplication().form.joint.addresses[n - 1]) {
      update((draft) => void jointAddressEntry(draft, n))
    }
  }, [n])

  const change = useCallback(
    (mutate: (address: Address, memory: SavedAddress) => void) =>
      update((draft) => mutate(jointAddressEntry(draft, n), jointSavedAddressOf(draft, n))),
    [n],
  )

  return (
    <JourneyStep
      step={step}
      title={n === 1 ? 'What is their address?' : 'What was their previous address?'}
    >
      {n > 1 ? <p className="history-total">{describeHistoryTotal(earlier)}</p> : null}
      {/* Not the applicant's own address: the browser must not offer theirs (decision 0302). */}
      <AddressFinder
        step={step}
        address={addresses[n - 1] ?? BLANK_ADDRESS}
        memory={memory}
        change={change}
        ownAddress={false}
        person="joint"
      />
    </JourneyStep>
  )
}

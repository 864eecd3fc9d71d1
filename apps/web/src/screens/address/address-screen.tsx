// /address/{n}: address n of the history, found by postcode or typed in. Later entries go back in
// time until the history covers 3 years, so they ask for the previous address and show the total.
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
import { addressEntry, savedAddressOf } from '#journey/address-finder/address-entry'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { getApplication, update, useApplication } from '#lib/session-store'

const BLANK_ADDRESS = emptyAddress()
const BLANK_MEMORY: SavedAddress = { manual: false, streetAddress: '', value: '' }

export default function AddressScreen() {
  const step = useJourneyStep('address')
  const { n } = step
  const addresses = useApplication((state) => state.form.addresses)
  const memory = useApplication((state) => state.savedAddresses[n - 1]) ?? BLANK_MEMORY
  const earlier = totalMonths(addressPeriods(addresses.slice(0, n - 1)))

  useEffect(() => {
    if (!getApplication().form.addresses[n - 1]) update((draft) => void addressEntry(draft, n))
  }, [n])

  const change = useCallback(
    (mutate: (address: Address, memory: SavedAddress) => void) =>
      update((draft) => mutate(addressEntry(draft, n), savedAddressOf(draft, n))),
    [n],
  )

  return (
    <JourneyStep
      step={step}
      title={n === 1 ? 'What is your address?' : 'What was your previous address?'}
    >
      {n > 1 ? <p className="history-total">{describeHistoryTotal(earlier)}</p> : null}
      <AddressFinder
        step={step}
        address={addresses[n - 1] ?? BLANK_ADDRESS}
        memory={memory}
        change={change}
        ownAddress
      />
    </JourneyStep>
  )
}

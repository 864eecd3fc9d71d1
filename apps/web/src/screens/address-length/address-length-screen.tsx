// /address-length/{n}: how long the applicant lived at address n (see HistoryLengthStep);
// /joint-address-length/{n} the same for the joint applicant's own address n, in their words
// (docs/decisions/1841), in this screen's chunk.
import { addressPeriods, totalMonths } from '@forecourt/domain/histories/histories'
import { addressEntry, jointAddressEntry } from '#journey/address-finder/address-entry'
import { HistoryLengthStep } from '#journey/history-length-step'

export default function AddressLengthScreen() {
  return (
    <HistoryLengthStep
      stepId="address-length"
      fieldId="timeAtAddress"
      question={{
        current: 'How long have you lived at this address?',
        previous: 'How long did you live at this address?',
      }}
      period={(state, n) => {
        const entry = state.form.addresses[n - 1]
        return { years: entry?.yearsAtAddress ?? null, months: entry?.monthsAtAddress ?? null }
      }}
      write={(state, n, part, value) => {
        const address = addressEntry(state, n)
        if (part === 'years') address.yearsAtAddress = value
        else address.monthsAtAddress = value
      }}
      totalMonths={(state, n) => totalMonths(addressPeriods(state.form.addresses.slice(0, n)))}
    />
  )
}

export function JointAddressLengthScreen() {
  return (
    <HistoryLengthStep
      stepId="joint-address-length"
      fieldId="jointTimeAtAddress"
      question={{
        current: 'How long have they lived at this address?',
        previous: 'How long did they live at this address?',
      }}
      period={(state, n) => {
        const entry = state.form.joint.addresses[n - 1]
        return { years: entry?.yearsAtAddress ?? null, months: entry?.monthsAtAddress ?? null }
      }}
      write={(state, n, part, value) => {
        const address = jointAddressEntry(state, n)
        if (part === 'years') address.yearsAtAddress = value
        else address.monthsAtAddress = value
      }}
      totalMonths={(state, n) =>
        totalMonths(addressPeriods(state.form.joint.addresses.slice(0, n)))
      }
    />
  )
}

// /joint-address-length/{n}: how long the joint applicant lived at their address n (see
// HistoryLengthStep; docs/decisions/1841).
import { addressPeriods, totalMonths } from '@forecourt/domain/histories/histories'
import { jointAddressEntry } from '#journey/address-finder/address-entry'
import { HistoryLengthStep } from '#journey/history-length-step'

export default function JointAddressLengthScreen() {
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

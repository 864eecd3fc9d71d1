// /address-length/{n}: how long the applicant lived at address n (see HistoryLengthStep).
import { addressPeriods, totalMonths } from '@forecourt/domain/histories/histories'
import { addressEntry } from '#journey/address-finder/address-entry'
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

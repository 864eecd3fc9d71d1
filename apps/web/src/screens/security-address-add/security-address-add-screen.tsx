// /security-address-add (the property is not the current address): the property's address, found
// by postcode or typed in (manual), who lives there (docs/decisions/1501), and how long the
// applicant has owned it, up to 50 years (a property's own cap, SECURITY_YEARS_CAP_FROM_FORM).
import { SECURITY_YEARS_CAP_FROM_FORM } from '@forecourt/domain/fields/years-months'
import { securityOccupancyOptions } from '@forecourt/domain/journey/options'
import type { Address, SavedAddress } from '@forecourt/domain/state/application-state'
import { useCallback, useMemo } from 'react'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { YearsMonths } from '#components/form/years-months/years-months'
import { AddressFinder } from '#journey/address-finder/address-finder'
import { JourneyStep } from '#journey/journey-step'
import { useJourneyStep } from '#journey/use-journey-step'
import { useYearsMonthsDraft } from '#journey/use-years-months-draft'
import { update, useApplication } from '#lib/session-store'

export default function SecurityAddressAddScreen() {
  const step = useJourneyStep('security-address-add')
  const security = useApplication((state) => state.form.securityAddress)
  // The security address keeps its own "typed by hand" flag (docs/requirements.md#application-state); its list comes back from the
  // lookups kept for the session, by its postcode (docs/decisions/1103).
  const memory = useMemo<SavedAddress>(
    () => ({ manual: security.manual, streetAddress: '', value: '' }),
    [security.manual],
  )
  const change = useCallback(
    (mutate: (address: Address, memory: SavedAddress) => void) =>
      update((draft) => {
        const property = draft.form.securityAddress
        const remembered = { manual: property.manual, streetAddress: '', value: '' }
        mutate(property, remembered)
        property.manual = remembered.manual
      }),
    [],
  )

  const timeOwned = useYearsMonthsDraft(
    { years: security.yearsAtAddress, months: security.monthsAtAddress },
    (part, value) =>
      update((draft) => {
        if (part === 'years') draft.form.securityAddress.yearsAtAddress = value
        else draft.form.securityAddress.monthsAtAddress = value
      }),
    step,
    SECURITY_YEARS_CAP_FROM_FORM,
  )

  return (
    <JourneyStep step={step} title="What is the address of the property?">
      <AddressFinder
        step={step}
        address={security}
        memory={memory}
        change={change}
        ownAddress={false}
      />
      <RadioGroup
        {...step.field('securityOccupancy')}
        label="Who lives at the property?"
        hint="Lenders treat a property that is let differently from one your family lives in."
        options={securityOccupancyOptions}
        value={security.residentialStatus}
        onChange={(status) =>
          update((draft) => void (draft.form.securityAddress.residentialStatus = status))
        }
      />
      <YearsMonths
        {...step.field('timeAtAddress')}
        label="How long have you owned it?"
        value={timeOwned.value}
        onChange={timeOwned.onChange}
        onBlur={() => {
          timeOwned.flush()
          step.field('timeAtAddress').onBlur()
        }}
      />
    </JourneyStep>
  )
}

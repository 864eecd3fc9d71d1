// /marital-status: the main applicant's marital status.
import { maritalStatusOptions } from '@forecourt/domain/journey/options'
import { RadioStep } from '#journey/radio-step'

export default function MaritalStatusScreen() {
  return (
    <RadioStep
      stepId="marital-status"
      fieldId="maritalStatus"
      options={maritalStatusOptions}
      select={(state) => state.form.maritalStatus}
      choose={(draft, value) => void (draft.form.maritalStatus = value)}
    />
  )
}

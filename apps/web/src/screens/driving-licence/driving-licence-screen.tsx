// /driving-licence: the main applicant's licence (completing the step also sets fullLicence).
import { drivingLicenceOptions } from '@forecourt/domain/journey/options'
import { RadioStep } from '#journey/radio-step'

export default function DrivingLicenceScreen() {
  return (
    <RadioStep
      stepId="driving-licence"
      fieldId="drivingLicenceType"
      options={drivingLicenceOptions}
      select={(state) => state.form.drivingLicenceType}
      choose={(draft, value) => void (draft.form.drivingLicenceType = value)}
    />
  )
}

// A brand that says eligibility is checked with a soft search must ask every applicant for it:
// the start screen and the confirmation repeat what the journey's soft-search step does.
import { expect, test } from 'vitest'
import { journeyVisits } from '../journey/navigation'
import { filledState } from '../../test-support/test-fixtures'
import { BRAND_IDS, brands } from './brand-data'

test.each(BRAND_IDS.filter((id) => brands[id].softSearch))(
  '%s checks eligibility with a soft search, and its journey asks for it',
  (id) => {
    for (const isJointApplication of [false, true]) {
      const state = filledState()
      state.form.isJointApplication = isJointApplication
      const paths = journeyVisits({ state, brand: brands[id] }).map((visit) => visit.path)
      expect(paths).toContain('/soft-search')
    }
  },
)

// The journey walk test (decision 1502) starts each applicant from the domain's copy of what
// start-up leaves in the state; this keeps that copy honest: on every brand's host, start-up gives
// the same state.
import { expect, test } from 'vitest'
import { BRAND_IDS, brands } from '@forecourt/domain/brands/brand-data'
import { startedState, walkerSecret } from '@forecourt/domain/test-support/journey-walker'
import { startUp } from './start-up'

const NOW = new Date('2026-11-26T10:30:00.000Z')
const GUID = '6f1c2a9e-3b7d-4c1e-9a2f-0d8e7b6a5c41'

test.each(BRAND_IDS)('the journey walk starts on %s where start-up does', (id) => {
  const walkStart = startedState(brands[id], GUID, NOW)
  const browserStart = startUp(
    {
      location: { host: `${id}.localhost:3000`, search: '' },
      referrer: '',
      cookies: '',
      now: NOW,
      newGuid: () => GUID,
      newSecret: () => walkerSecret(GUID),
      fetchJson: async () => ({}),
      analyticsConsent: false,
      ipLookupUrl: '/api/ip',
      vehiclesHost: '',
      userAgent: walkStart.form.userAgent,
      track: () => {},
    },
    null,
  )
  expect(walkStart).toEqual(browserStart)
})

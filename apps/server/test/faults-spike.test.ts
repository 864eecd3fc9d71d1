// The quick form of `npm run faults -- --only spike` on SQLite: the compiled server in its own process,
// applicants walking the journey's API calls over HTTP (anti-forgery pair, partial saves binding the
// application's secret, the submission) in a capacity run and then a spike past that capacity. Only the
// outcome is asserted, never a timing: every answer was 2xx or a 503 with Retry-After, every submission
// answered 201 is stored exactly once with the body sent, and every applicant who left after partial
// saves has the answers of the latest save the server accepted.

import { expect, test } from 'vitest'
import { QUICK, SQLITE, spikeRun } from '../faults/spike'

test('a launch-day spike on SQLite loses, doubles and stales nothing it answered', async () => {
  const outcome = await spikeRun(SQLITE, QUICK, () => undefined)
  expect(outcome.skipped).toBeUndefined()
  // The journeys ran: partial saves and submissions were answered.
  expect(outcome.arrivals).toBeGreaterThan(0)
  expect(outcome.partial.count).toBeGreaterThan(0)
  expect(outcome.submission.count).toBeGreaterThan(0)
  // Nothing but 2xx and 503 + Retry-After, and every applicant finished.
  expect(outcome.failures).toEqual({})
  expect(outcome.gaveUp).toBe(0)

  const stored = outcome.stored
  if (stored === undefined) throw new Error('the stored rows were not checked')
  expect(stored.problems).toEqual([])
  expect(stored.accepted).toBeGreaterThan(0)
  expect(stored.storedOnce).toBe(stored.accepted)
  expect([stored.lostSubmissions, stored.doubledSubmissions, stored.wrongSubmissions]).toEqual([
    0, 0, 0,
  ])
  expect(stored.leftWithSaves).toBeGreaterThan(0)
  expect(stored.partialsPresent).toBe(stored.leftWithSaves)
  expect([stored.lostPartials, stored.stalePartials, stored.strangers]).toEqual([0, 0, 0])
  // With every request answered, the rows are those answered: one submission row per 201, and one
  // application row per submission and per applicant who left with a save accepted.
  expect(stored.submissionRows).toBe(stored.accepted)
  // (A save answered 503 by the database gate may have gone on: it can add a row, never take one away.)
  expect(stored.applicationRows).toBeGreaterThanOrEqual(stored.accepted + stored.leftWithSaves)
  expect(stored.applicationRows).toBeLessThanOrEqual(
    stored.accepted + stored.leftWithSaves + stored.storedAfterRefusal,
  )
}, 300_000)

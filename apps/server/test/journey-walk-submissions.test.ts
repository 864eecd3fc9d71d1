// Journeys walked as the browser walks them (decision 1502), sent over HTTP to the real app on SQLite and
// PostgreSQL: every partial save along the way is saved (202), the submission is stored (201) exactly as
// sent, and nothing needs attention. The domain's walk test checks the schema alone; this checks the
// route, the partial save's own limits and the storage too.

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Brand } from '@forecourt/domain/brands/brand'
import { BRAND_IDS, brands } from '@forecourt/domain/brands/brand-data'
import { londonToday } from '@forecourt/domain/fields/date-of-birth'
import { fastCheckChoices, type Forced } from '@forecourt/domain/test-support/fast-check-choices'
import { stockVehicle, walkJourney } from '@forecourt/domain/test-support/journey-walker'
import { findApplication } from '../src/repositories/application-repository'
import { findNeedsAttention } from '../src/repositories/needs-attention-repository'
import {
  applicationUrl,
  startEngineApp,
  submissionUrl,
  type EngineApp,
} from './submission-test-helpers'
import { engines } from './test-databases'

// The server judges ages on London's date today, so the walk does too.
const NOW = new Date()
const TODAY = londonToday(NOW)

interface Case {
  name: string
  brand: Brand
  forced: Forced
  vehicle: boolean
}

const PROPERTY_ELSEWHERE: Forced = { 'loan-kind': 'property', 'security-current': false }

const CASES: Case[] = [
  ...BRAND_IDS.map((id) => ({
    name: `${id}, answers generated`,
    brand: brands[id],
    forced: {},
    vehicle: false,
  })),
  ...BRAND_IDS.map((id) => ({
    name: `${id}, a vehicle loaded`,
    brand: brands[id],
    forced: {},
    vehicle: true,
  })),
  ...(['lookup', 'manual'] as const).flatMap((entry) =>
    [false, true].map((joint) => ({
      name: `harbourlend, secured on a property elsewhere found by ${entry}, ${joint ? 'joint' : 'single'}`,
      brand: brands.harbourlend,
      forced: { ...PROPERTY_ELSEWHERE, 'security-entry': entry, joint },
      vehicle: false,
    })),
  ),
  {
    name: 'milebroker, a history of one-month addresses, as many as asked for',
    brand: brands.milebroker,
    forced: {
      'address-history': 'several',
      'address-years': 0,
      'address-years-blank': true,
      'address-months': 1,
      'address-months-blank': false,
    },
    vehicle: false,
  },
]

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(engine.name, () => {
    let app: EngineApp
    beforeAll(async () => {
      app = await startEngineApp(engine)
    })
    afterAll(async () => {
      await app?.close()
    })

    test.each(CASES.map((c, seed) => [c.name, c, seed] as const))(
      `${engine.name}: %s: every partial save is saved and the submission stored as sent`,
      async (_name, { brand, forced, vehicle }, seed) => {
        const [walk] = fc.sample(
          fc.gen().map((g) => {
            const choices = fastCheckChoices(g, forced)
            return walkJourney({
              brand,
              choices,
              today: TODAY,
              now: NOW,
              guid: g(fc.uuid, { version: 4 }),
              ...(vehicle ? { vehicle: stockVehicle(choices) } : {}),
            })
          }),
          { numRuns: 1, seed },
        )
        const { payload, partials } = walk!
        const key = payload.submissionKey
        const host = { host: `${brand.id}.localhost:3000` }
        for (const partial of partials) {
          const saved = await app.post(applicationUrl(key), partial, host)
          expect(saved.statusCode, saved.body).toBe(202)
        }
        const submitted = await app.post(submissionUrl(key), payload, host)
        expect(submitted.statusCode, submitted.body).toBe(201)
        const stored = await findApplication(app.database.db, key, undefined)
        expect(stored).toMatchObject({ brand: brand.id, status: 'submitted', payload })
        expect(await findNeedsAttention(app.database.db, key, undefined)).toEqual([])
      },
    )
  })
}

// An admin of some brands manages only the operators of those brands and reads only their part of the audit
// log (decision 2114), through the real API on both engines: an admin of Car Finance Direct alone cannot
// list, add with more brands, reset or disable an all-brands admin or another brand's operator, and reads no
// entry about another brand's application or operator. An all-brands admin still manages everyone.

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { startBackOffice, type BackOfficeApp, type Operator } from './back-office-helpers'
import { engines } from './test-databases'

const allEngines = await engines()

describe.each(allEngines)('brand-scoped admins on $name', (engine) => {
  let bo: BackOfficeApp
  let everyBrand: Operator
  let carfinanceAdmin: Operator
  let milebrokerAdmin: Operator
  let carfinanceCaseworker: Operator
  const carfinanceKey = randomUUID()
  const milebrokerKey = randomUUID()

  beforeAll(async () => {
    if (!engine.available) return
    bo = await startBackOffice(engine)
    everyBrand = await bo.operator('all@broker.example', 'admin', 'all')
    carfinanceAdmin = await bo.operator('cf-admin@broker.example', 'admin', ['carfinance'])
    milebrokerAdmin = await bo.operator('mb-admin@broker.example', 'admin', ['milebroker'])
    carfinanceCaseworker = await bo.operator('cf-case@broker.example', 'caseworker', ['carfinance'])
    await bo.submit(carfinanceKey)
    await bo.submit(milebrokerKey, (payload) => {
      payload.affiliateKey = brands.milebroker.affiliateKey
    })
    // Each admin opens their own brand's application: two audit entries, one per brand.
    for (const [as, key] of [
      [carfinanceAdmin, carfinanceKey],
      [milebrokerAdmin, milebrokerKey],
    ] as const) {
      const opened = await bo.request({
        method: 'GET',
        url: `/api/back-office/applications/${key}`,
        as,
      })
      expect(opened.statusCode).toBe(200)
    }
  })
  afterAll(async () => bo?.close())

  const emailsListedFor = async (as: Operator) =>
    (
      (await bo.request({ method: 'GET', url: '/api/back-office/operators', as })).json() as {
        items: { email: string }[]
      }
    ).items
      .map((item) => item.email)
      .sort()

  test.skipIf(!engine.available)(
    'an admin of one brand lists only the operators of that brand, and themselves',
    async () => {
      expect(await emailsListedFor(carfinanceAdmin)).toEqual([
        'cf-admin@broker.example',
        'cf-case@broker.example',
      ])
      expect(await emailsListedFor(everyBrand)).toEqual([
        'all@broker.example',
        'cf-admin@broker.example',
        'cf-case@broker.example',
        'mb-admin@broker.example',
      ])
    },
  )

  test.skipIf(!engine.available)(
    'an admin of one brand grants no brand they do not hold',
    async () => {
      for (const brandsGiven of ['all', ['milebroker'], ['carfinance', 'milebroker']]) {
        const refused = await bo.request({
          method: 'POST',
          url: '/api/back-office/operators',
          as: carfinanceAdmin,
          body: { email: `new-${randomUUID()}@broker.example`, role: 'admin', brands: brandsGiven },
        })
        expect(refused.statusCode, JSON.stringify(brandsGiven)).toBe(403)
        expect(refused.json()).toEqual({
          error: 'You can only give an operator brands you work on yourself',
          errors: [
            {
              field: 'brands',
              message: 'You can only give an operator brands you work on yourself',
            },
          ],
        })
      }
      const added = await bo.request({
        method: 'POST',
        url: '/api/back-office/operators',
        as: carfinanceAdmin,
        body: { email: 'cf-viewer@broker.example', role: 'viewer', brands: ['carfinance'] },
      })
      expect(added.statusCode).toBe(201)
      const operators = await bo.database.db.selectFrom('operators').select('email').execute()
      expect(operators.map((row) => row.email).sort()).toEqual([
        'all@broker.example',
        'cf-admin@broker.example',
        'cf-case@broker.example',
        'cf-viewer@broker.example',
        'mb-admin@broker.example',
      ])
    },
  )

  test.skipIf(!engine.available)(
    'an admin of one brand cannot reset or disable an all-brands admin or another brand’s operator',
    async () => {
      for (const target of [everyBrand, milebrokerAdmin]) {
        for (const action of ['reset', 'disable']) {
          const answer = await bo.request({
            method: 'POST',
            url: `/api/back-office/operators/${target.id}/${action}`,
            as: carfinanceAdmin,
          })
          expect(answer.statusCode, `${action} ${target.email}`).toBe(404)
          expect(answer.body).not.toContain('enrol')
        }
      }
      const untouched = await bo.database.db
        .selectFrom('operators')
        .select(['email', 'disabled_at'])
        .where('id', 'in', [everyBrand.id, milebrokerAdmin.id])
        .execute()
      expect(untouched.every((row) => row.disabled_at === null)).toBe(true)
      // Their own brand's operator, yes; and the all-brands admin manages anyone.
      const reset = await bo.request({
        method: 'POST',
        url: `/api/back-office/operators/${carfinanceCaseworker.id}/reset`,
        as: carfinanceAdmin,
      })
      expect(reset.statusCode).toBe(200)
      const byEveryBrand = await bo.request({
        method: 'POST',
        url: `/api/back-office/operators/${milebrokerAdmin.id}/reset`,
        as: everyBrand,
      })
      expect(byEveryBrand.statusCode).toBe(200)
    },
  )

  test.skipIf(!engine.available)(
    'the audit log is filtered to the reader’s brands: no other brand’s reference, no operator beyond them',
    async () => {
      const read = async (as: Operator) =>
        (
          (
            await bo.request({ method: 'GET', url: '/api/back-office/audit?limit=100', as })
          ).json() as {
            items: {
              reference: string | null
              operatorId: string | null
              targetOperatorId: string | null
            }[]
          }
        ).items
      const scoped = await read(carfinanceAdmin)
      const references = new Set(scoped.map((item) => item.reference).filter((ref) => ref !== null))
      expect(references).toEqual(new Set([applicationReference(carfinanceKey)]))
      // Car Finance Direct's own operators (the viewer the admin added above among them).
      const visibleOperators = new Set(
        (
          await bo.database.db
            .selectFrom('operators')
            .select('id')
            .where('brands', '=', 'carfinance')
            .execute()
        ).map((row) => row.id),
      )
      expect(visibleOperators.size).toBe(3)
      for (const item of scoped.filter((entry) => entry.reference === null)) {
        expect(visibleOperators.has(item.targetOperatorId ?? item.operatorId ?? '')).toBe(true)
      }
      expect(JSON.stringify(scoped)).not.toContain(applicationReference(milebrokerKey))
      expect(JSON.stringify(scoped)).not.toContain(everyBrand.id)
      expect(JSON.stringify(scoped)).not.toContain(milebrokerAdmin.id)
      // The all-brands admin reads everything.
      const whole = await read(everyBrand)
      expect(new Set(whole.map((item) => item.reference).filter((ref) => ref !== null))).toEqual(
        new Set([applicationReference(carfinanceKey), applicationReference(milebrokerKey)]),
      )
    },
  )
})

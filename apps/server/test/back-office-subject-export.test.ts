// The Art. 15 export never merges other people's applications (decision 2042): someone who applied with
// a victim's phone number, on this brand and another, is at most a weak candidate the admin may look at,
// never in the file unless chosen, and an application that is not a candidate cannot be chosen.

import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { startBackOffice } from './back-office-helpers'
import { engines } from './test-databases'

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(`subject access export on ${engine.name}`, () => {
    test('an application sharing only the phone number is a weak candidate, never exported unless chosen', async () => {
      const bo = await startBackOffice(engine)
      try {
        const victim = randomUUID()
        const attacker = randomUUID()
        const stranger = randomUUID()
        await bo.submit(victim)
        await bo.submit(attacker, (payload) => {
          payload.email = 'mallory@example.com'
          payload.firstName = 'Mallory'
          payload.dateOfBirth = '1980-02-03T00:00:00.000'
        })
        await bo.submit(stranger, (payload) => {
          payload.email = 'stranger@example.com'
          payload.contactNumber = '07911000111'
        })
        const admin = await bo.operator('ann@broker.example', 'admin')

        const offered = await bo.request({
          method: 'GET',
          url: `/api/back-office/applications/${victim}/data-export/candidates`,
          as: admin,
        })
        expect(offered.statusCode).toBe(200)
        const { candidates } = offered.json() as {
          candidates: {
            applicationKey: string
            reference: string
            matches: object
            strong: boolean
          }[]
        }
        expect(candidates.map((candidate) => candidate.applicationKey)).toEqual([attacker])
        expect(candidates[0]!.reference).toBe(applicationReference(attacker))
        expect(candidates[0]!.matches).toEqual({
          email: false,
          phone: true,
          dateOfBirth: false,
          name: false,
        })
        expect(candidates[0]!.strong).toBe(false)
        // Nothing of the candidate's own details is shown before the admin chooses.
        expect(offered.body).not.toContain('mallory')

        // Without a choice: the application asked about, alone.
        const alone = await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${victim}/data-export`,
          as: admin,
        })
        expect(alone.statusCode).toBe(200)
        const file = alone.json() as { applications: { applicationKey: string }[] }
        expect(file.applications.map((application) => application.applicationKey)).toEqual([victim])
        expect(alone.body).not.toContain('mallory@example.com')

        // An application that was not offered cannot be chosen.
        for (const include of [[stranger], [randomUUID()], 'all', [7]]) {
          const refused = await bo.request({
            method: 'POST',
            url: `/api/back-office/applications/${victim}/data-export`,
            as: admin,
            body: { include },
          })
          expect(refused.statusCode).toBe(400)
          expect(refused.json()).toEqual({
            error: 'Invalid export',
            errors: [
              {
                field: 'include',
                message: 'must list only the candidate applications offered for this applicant',
              },
            ],
          })
        }

        // The admin may still add a candidate they have confirmed.
        const chosen = await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${victim}/data-export`,
          as: admin,
          body: { include: [attacker] },
        })
        expect(chosen.statusCode).toBe(200)
        expect(
          (chosen.json() as { applications: { applicationKey: string }[] }).applications
            .map((application) => application.applicationKey)
            .sort(),
        ).toEqual([victim, attacker].sort())
      } finally {
        await bo.close()
      }
    })
  })
}

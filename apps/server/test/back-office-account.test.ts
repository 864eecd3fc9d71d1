// An operator's own account (decision 2122) through real HTTP on both engines: changing the password (the
// current password and a code from the current app, the enrolment rules for the new one, every other session
// ended), moving to a new authenticator app (start, then the password and a code from the new app), the
// anti-forgery pair and the sign-in rate limits on both, and the session cookie Secure whenever the server
// runs in production.

import Fastify from 'fastify'
import fastifyCookie from '@fastify/cookie'
import { afterEach, describe, expect, test } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { addOperator } from '../src/back-office/operators'
import { codeAt } from '../src/back-office/totp'
import { setSessionCookie } from '../src/routes/api/back-office/session-routes'
import { PASSWORD, startBackOffice, type BackOfficeApp, type Operator } from './back-office-helpers'
import { engines } from './test-databases'

const DATA_KEY = Buffer.alloc(32, 5).toString('base64')
const NEW_PASSWORD = 'violet kettle orbit 1187'
const FAILED =
  'Those details are not right. After 10 wrong codes in a row an account is locked for 15 minutes.'
const WRONG_CODE = 'That code is not right: enter the 6 digits your authenticator app shows now'
const WRONG_NEW_CODE =
  'That code is not right: enter the 6 digits your new authenticator app shows now'
const PRODUCTION = {
  NODE_ENV: 'production',
  FORECOURT_SECRET: 'x'.repeat(48),
  FORECOURT_DATA_KEY: DATA_KEY,
  RETENTION_JOB: 'off',
  MAIL_TRANSPORT: 'file',
  DELIVERY_WORKER: 'off',
  TRUST_PROXY: '1',
}

const passwordRefusal = (field: string, message: string) => ({
  error: 'Invalid password change',
  errors: [{ field, message }],
})

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(`an operator's own account on ${engine.name}`, () => {
    let bo: BackOfficeApp | undefined
    afterEach(async () => {
      await bo?.close()
      bo = undefined
    })

    async function start(env: Record<string, string> = {}): Promise<BackOfficeApp> {
      bo = await startBackOffice(engine, { FORECOURT_DATA_KEY: DATA_KEY, ...env })
      return bo
    }

    /** The next code of the operator's app: the clock moves on a step first, as a code serves once. */
    function nextCode(app: BackOfficeApp, secret: string): string {
      app.clock.advance(30_000)
      return codeAt(secret, app.clock.now())
    }

    async function secondSession(app: BackOfficeApp, who: Operator, password = PASSWORD) {
      const response = await app.signIn(who.email, password, nextCode(app, who.secret))
      expect(response.statusCode).toBe(200)
      const session = response.cookies.find((cookie) => cookie.name === 'forecourt-back-office')!
      return { cookie: `${app.anonymous.cookie}; ${session.name}=${session.value}`, csrf: who.csrf }
    }

    const changePassword = (app: BackOfficeApp, as: Operator, body: Record<string, string>) =>
      app.request({ method: 'POST', url: '/api/back-office/account/password', as, body })

    async function passwordHash(app: BackOfficeApp, id: string) {
      const row = await app.database.db
        .selectFrom('operators')
        .select(['password_hash', 'totp_secret', 'failed_attempts', 'locked_until'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      return row
    }

    async function actions(app: BackOfficeApp) {
      const rows = await app.database.db
        .selectFrom('audit_log')
        .select(['action', 'operator_id', 'target_operator_id', 'detail'])
        .orderBy('seq')
        .execute()
      return rows.filter((row) => row.action.startsWith('account.'))
    }

    test('changing the password: this session stays, every other one ends, the new password signs in and the old does not', async () => {
      const app = await start()
      const ann = await app.operator('ann@broker.example', 'viewer', ['carfinance'])
      const elsewhere = await secondSession(app, ann)
      const bob = await app.operator('bob@broker.example', 'admin')

      const changed = await changePassword(app, ann, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        code: nextCode(app, ann.secret),
      })
      expect(changed.statusCode).toBe(204)
      expect(changed.body).toBe('')

      const session = (as: { cookie: string; csrf: string }) =>
        app.request({ method: 'GET', url: '/api/back-office/session', as })
      expect((await session(ann)).statusCode).toBe(200)
      const ended = await session(elsewhere)
      expect(ended.statusCode).toBe(401)
      expect(ended.json()).toMatchObject({ error: 'Not signed in' })
      // Another operator's session is not touched.
      expect((await session(bob)).statusCode).toBe(200)

      const old = await app.signIn(ann.email, PASSWORD, nextCode(app, ann.secret))
      expect(old.statusCode).toBe(401)
      expect(old.json()).toEqual({ error: FAILED })
      const fresh = await app.signIn(ann.email, NEW_PASSWORD, nextCode(app, ann.secret))
      expect(fresh.statusCode).toBe(200)

      expect(await actions(app)).toEqual([
        {
          action: 'account.password-changed',
          operator_id: ann.id,
          target_operator_id: ann.id,
          detail: JSON.stringify({ otherSessionsEnded: 1 }),
        },
      ])
      const audit = await app.database.db.selectFrom('audit_log').select('detail').execute()
      for (const row of audit) {
        expect(row.detail).not.toContain(NEW_PASSWORD)
        expect(row.detail).not.toContain(PASSWORD)
      }
      expect(app.logText()).not.toContain(NEW_PASSWORD)
      expect(app.logText()).not.toContain(PASSWORD)
    })

    test('a password change is refused, field by field, and nothing changes: missing parts, a wrong current password, a wrong or reused code, a weak new password', async () => {
      const app = await start()
      const ann = await app.operator('ann.lee@broker.example', 'caseworker')
      const elsewhere = await secondSession(app, ann)
      const before = await passwordHash(app, ann.id)

      const missing = await changePassword(app, ann, {})
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toEqual({
        error: 'Invalid password change',
        errors: [
          { field: 'currentPassword', message: 'Enter your current password' },
          { field: 'newPassword', message: 'Enter a new password' },
          { field: 'code', message: 'Enter the 6-digit code from your authenticator app' },
        ],
      })

      const weak: [string, string][] = [
        ['short one', 'Your password must be at least 12 characters'],
        ['password1234!', 'This password is too common: choose one that is harder to guess'],
        [
          'AnnLee-spring-2027',
          'Your password must not contain your email address or its first part',
        ],
        [
          'my forecourt key 77',
          'Your password must not contain the name of this service or of its brands',
        ],
      ]
      for (const [newPassword, message] of weak) {
        const refused = await changePassword(app, ann, {
          currentPassword: PASSWORD,
          newPassword,
          code: nextCode(app, ann.secret),
        })
        expect(refused.statusCode, newPassword).toBe(400)
        expect(refused.json()).toEqual(passwordRefusal('newPassword', message))
      }

      const wrongPassword = await changePassword(app, ann, {
        currentPassword: 'not my password at all',
        newPassword: NEW_PASSWORD,
        code: nextCode(app, ann.secret),
      })
      expect(wrongPassword.statusCode).toBe(400)
      expect(wrongPassword.json()).toEqual(
        passwordRefusal('currentPassword', 'Your current password is not right'),
      )

      const same = await changePassword(app, ann, {
        currentPassword: PASSWORD,
        newPassword: PASSWORD,
        code: nextCode(app, ann.secret),
      })
      expect(same.json()).toEqual(
        passwordRefusal('newPassword', 'Your new password must be different from your current one'),
      )

      const wrongCode = await changePassword(app, ann, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        code: '000000',
      })
      expect(wrongCode.statusCode).toBe(400)
      expect(wrongCode.json()).toEqual(passwordRefusal('code', WRONG_CODE))

      // The code that just signed the other session in has been used.
      app.clock.advance(30_000)
      const used = codeAt(ann.secret, app.clock.now())
      expect((await app.signIn(ann.email, PASSWORD, used)).statusCode).toBe(200)
      const reused = await changePassword(app, ann, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        code: used,
      })
      expect(reused.json()).toEqual(passwordRefusal('code', WRONG_CODE))

      const after = await passwordHash(app, ann.id)
      expect(after.password_hash).toBe(before.password_hash)
      expect(
        (await app.request({ method: 'GET', url: '/api/back-office/session', as: elsewhere }))
          .statusCode,
      ).toBe(200)
      expect((await actions(app)).map((row) => JSON.parse(row.detail))).toEqual([
        { change: 'password', reason: 'wrong-password' },
        { change: 'password', reason: 'same-password' },
        { change: 'password', reason: 'wrong-code' },
        { change: 'password', reason: 'wrong-code' },
      ])
    })

    test('wrong codes after the right current password count towards the lock, as at sign-in', async () => {
      const app = await start()
      const ann = await app.operator('ann@broker.example', 'viewer')
      for (let i = 0; i < 10; i += 1) {
        const refused = await changePassword(app, ann, {
          currentPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
          code: '000000',
        })
        expect(refused.json()).toEqual(passwordRefusal('code', WRONG_CODE))
      }
      expect((await passwordHash(app, ann.id)).locked_until).not.toBeNull()
      const locked = await changePassword(app, ann, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        code: nextCode(app, ann.secret),
      })
      expect(locked.json()).toEqual(
        passwordRefusal(
          'code',
          'After 10 wrong codes in a row this account is locked for 15 minutes: try again when they have passed',
        ),
      )
      expect((await app.signIn(ann.email, PASSWORD, nextCode(app, ann.secret))).statusCode).toBe(
        401,
      )
    })

    test('a new authenticator app: start, then the current password and a code from the new app; only then the old one stops working', async () => {
      const app = await start()
      const ann = await app.operator('ann@broker.example', 'analyst')
      const before = await passwordHash(app, ann.id)
      const confirm = (body: Record<string, string>) =>
        app.request({
          method: 'POST',
          url: '/api/back-office/account/authenticator/confirm',
          as: ann,
          body,
        })

      const tooSoon = await confirm({ currentPassword: PASSWORD, code: '123456' })
      expect(tooSoon.statusCode).toBe(409)
      expect(tooSoon.json()).toEqual({
        error: 'Set up the new authenticator app first, then enter a code from it',
      })

      const started = await app.request({
        method: 'POST',
        url: '/api/back-office/account/authenticator',
        as: ann,
      })
      expect(started.statusCode).toBe(200)
      const { totp } = started.json() as { totp: { secret: string; uri: string; qrSvg: string } }
      expect(totp.secret).toMatch(/^[A-Z2-7]{32}$/)
      expect(totp.secret).not.toBe(ann.secret)
      expect(totp.uri).toBe(
        `otpauth://totp/Forecourt%20back%20office:ann%40broker.example?issuer=Forecourt%20back%20office&secret=${totp.secret}&algorithm=SHA1&digits=6&period=30`,
      )
      expect(totp.qrSvg).toMatch(/^data:image\/svg\+xml;base64,/)
      // Waiting on the session, sealed; the operator's own secret is unchanged so far.
      const pending = await app.database.db
        .selectFrom('operator_sessions')
        .select('pending_totp_secret')
        .where('operator_id', '=', ann.id)
        .executeTakeFirstOrThrow()
      expect(pending.pending_totp_secret).not.toContain(totp.secret)
      expect(JSON.parse(pending.pending_totp_secret!)).toMatchObject({ alg: 'A256GCM' })
      expect((await passwordHash(app, ann.id)).totp_secret).toBe(before.totp_secret)

      const missing = await confirm({})
      expect(missing.json()).toEqual({
        error: 'Invalid authenticator change',
        errors: [
          { field: 'currentPassword', message: 'Enter your current password' },
          { field: 'code', message: 'Enter the 6-digit code from your new authenticator app' },
        ],
      })
      const wrongPassword = await confirm({
        currentPassword: 'not my password at all',
        code: nextCode(app, totp.secret),
      })
      expect(wrongPassword.statusCode).toBe(400)
      expect(wrongPassword.json()).toEqual({
        error: 'Invalid authenticator change',
        errors: [{ field: 'currentPassword', message: 'Your current password is not right' }],
      })
      const oldApp = await confirm({ currentPassword: PASSWORD, code: nextCode(app, ann.secret) })
      expect(oldApp.statusCode).toBe(400)
      expect(oldApp.json()).toEqual({
        error: 'Invalid authenticator change',
        errors: [{ field: 'code', message: WRONG_NEW_CODE }],
      })
      expect((await passwordHash(app, ann.id)).totp_secret).toBe(before.totp_secret)

      const confirmed = await confirm({
        currentPassword: PASSWORD,
        code: nextCode(app, totp.secret),
      })
      expect(confirmed.statusCode).toBe(204)
      const after = await passwordHash(app, ann.id)
      expect(after.totp_secret).not.toBe(before.totp_secret)
      expect(after.password_hash).toBe(before.password_hash)
      // Nothing waits any more: confirming again needs a new start.
      expect((await confirm({ currentPassword: PASSWORD, code: '123456' })).statusCode).toBe(409)
      // This session goes on.
      expect(
        (await app.request({ method: 'GET', url: '/api/back-office/session', as: ann })).statusCode,
      ).toBe(200)

      expect((await app.signIn(ann.email, PASSWORD, nextCode(app, ann.secret))).statusCode).toBe(
        401,
      )
      expect((await app.signIn(ann.email, PASSWORD, nextCode(app, totp.secret))).statusCode).toBe(
        200,
      )
      expect(
        (await actions(app)).map((row) => [row.action, row.target_operator_id, row.detail]),
      ).toEqual([
        [
          'account.change-refused',
          ann.id,
          JSON.stringify({ change: 'authenticator', reason: 'wrong-password' }),
        ],
        [
          'account.change-refused',
          ann.id,
          JSON.stringify({ change: 'authenticator', reason: 'wrong-code' }),
        ],
        ['account.authenticator-changed', ann.id, '{}'],
      ])
      expect(app.logText()).not.toContain(totp.secret)
    })

    test('the account routes need a session, the anti-forgery pair and a same-origin page', async () => {
      const app = await start()
      const ann = await app.operator('ann@broker.example', 'viewer')
      for (const url of [
        '/api/back-office/account/password',
        '/api/back-office/account/authenticator',
        '/api/back-office/account/authenticator/confirm',
      ]) {
        const anonymous = await app.request({ method: 'POST', url, as: app.anonymous })
        expect(anonymous.statusCode, url).toBe(401)
        const noToken = await app.request({ method: 'POST', url, as: { ...ann, csrf: '' } })
        expect(noToken.statusCode, url).toBe(403)
        expect(noToken.json()).toEqual({ error: 'Forbidden' })
        const crossSite = await app.request({
          method: 'POST',
          url,
          as: ann,
          headers: { 'sec-fetch-site': 'same-site' },
        })
        expect(crossSite.statusCode, url).toBe(403)
      }
      expect(await actions(app)).toEqual([])
    })

    test('account changes share the sign-in limit of the operator’s address', async () => {
      const app = await start({ RATE_LIMIT_WRITES_PER_MINUTE: '60' })
      const ann = await app.operator('ann@broker.example', 'viewer')
      const statuses: number[] = []
      for (let i = 0; i < 11; i += 1) {
        const response = await changePassword(app, ann, {
          currentPassword: 'not my password at all',
          newPassword: NEW_PASSWORD,
          code: '123456',
        })
        statuses.push(response.statusCode)
      }
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429])
      // The same budget as signing in with that address.
      expect((await app.signIn(ann.email, PASSWORD, nextCode(app, ann.secret))).statusCode).toBe(
        429,
      )
      // Eleven slow password hashes (scrypt) and a sign-in: on a busy two-core machine that can pass 30 s.
    }, 90_000)

    test('in production the session cookie is __Host- and Secure, at enrolment, at sign-in and after a password change', async () => {
      // The proxy in front ended TLS: plain HTTP never reaches the back office in production (decision 2114).
      bo = await startBackOffice(engine, PRODUCTION, { 'x-forwarded-proto': 'https' })
      const app = bo
      const sessionCookie = (response: LightMyRequestResponse) => {
        expect(response.statusCode).toBe(200)
        expect(response.cookies.map((cookie) => cookie.name)).not.toContain('forecourt-back-office')
        return response.cookies.find((cookie) => cookie.name === '__Host-forecourt-back-office')
      }
      const { enrolment } = await addOperator(
        app.database.db,
        { email: 'ann@broker.example', role: 'viewer', brands: 'all' },
        app.clock.now(),
        null,
      )
      const post = (url: string, body: unknown, as: { cookie: string; csrf: string }) =>
        app.request({ method: 'POST', url, as, body })
      const chose = await post(
        '/api/back-office/enrolment/password',
        { token: enrolment.token, password: PASSWORD },
        app.anonymous,
      )
      const { secret } = (chose.json() as { totp: { secret: string } }).totp
      const enrolled = await post(
        '/api/back-office/enrolment/confirm',
        { token: enrolment.token, code: codeAt(secret, app.clock.now()) },
        app.anonymous,
      )
      const session = sessionCookie(enrolled)
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' })
      const as = {
        cookie: `${app.anonymous.cookie}; ${session!.name}=${session!.value}`,
        csrf: app.anonymous.csrf,
      }
      const changed = await post(
        '/api/back-office/account/password',
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, code: nextCode(app, secret) },
        as,
      )
      expect(changed.statusCode).toBe(204)
      const signedIn = await app.signIn('ann@broker.example', NEW_PASSWORD, nextCode(app, secret))
      expect(sessionCookie(signedIn)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      })
    })
  })
}

test('with production settings the session cookie is Secure even on a request that arrived over plain HTTP', async () => {
  // The production back office refuses plain HTTP before any route (decision 2114); the cookie does not rely
  // on that gate: the scheme of the request does not decide it (decision 2122).
  const app = Fastify()
  await app.register(fastifyCookie)
  app.get('/production', (request, reply) => {
    setSessionCookie(request, reply, 'a'.repeat(43), true)
    return reply.send('')
  })
  app.get('/development', (request, reply) => {
    setSessionCookie(request, reply, 'a'.repeat(43), false)
    return reply.send('')
  })
  try {
    const production = await app.inject({ method: 'GET', url: '/production' })
    expect(production.headers['set-cookie']).toBe(
      `__Host-forecourt-back-office=${'a'.repeat(43)}; Path=/; HttpOnly; Secure; SameSite=Strict`,
    )
    const development = await app.inject({ method: 'GET', url: '/development' })
    expect(development.headers['set-cookie']).toBe(
      `forecourt-back-office=${'a'.repeat(43)}; Path=/; HttpOnly; SameSite=Strict`,
    )
  } finally {
    await app.close()
  }
})

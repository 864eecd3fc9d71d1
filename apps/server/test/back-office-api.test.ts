// The back-office API through real HTTP (inject) on the SQLite path: enrolment with real TOTP codes,
// sign-in, lockout, sessions, the host and anti-forgery rules, roles and brand scoping, search, list
// paging and the audit entries each action writes. Erasure and exports on both engines are in
// back-office-erasure.test.ts.

import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { addOperator } from '../src/back-office/operators'
import { codeAt } from '../src/back-office/totp'
import { openSqlite } from './test-databases'
import { PASSWORD, startBackOffice, type BackOfficeApp } from './back-office-helpers'
import { applicationReference } from '@forecourt/domain/reference/application-reference'

const DATA_KEY = Buffer.alloc(32, 7).toString('base64')
const FAILED =
  'Those details are not right. After 10 wrong codes in a row an account is locked for 15 minutes.'

let bo: BackOfficeApp

beforeEach(async () => {
  bo = await startBackOffice(
    { name: 'SQLite', dialect: 'sqlite', available: true, open: openSqlite },
    { FORECOURT_DATA_KEY: DATA_KEY },
  )
})

afterEach(async () => {
  await bo.close()
})

async function auditRows() {
  return bo.database.db.selectFrom('audit_log').selectAll().orderBy('seq').execute()
}

// Every endpoint, with a body where it takes one.
const KEY = '3f2b8c1e-7d4a-4b9e-8c21-5a6d7e8f9a0b'
const ENDPOINTS: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'POST', url: '/api/back-office/sign-out-everywhere' },
  { method: 'POST', url: '/api/back-office/account/password' },
  { method: 'POST', url: '/api/back-office/account/authenticator' },
  { method: 'POST', url: '/api/back-office/account/authenticator/confirm' },
  { method: 'GET', url: '/api/back-office/applications' },
  { method: 'POST', url: '/api/back-office/applications/search' },
  { method: 'POST', url: '/api/back-office/applications/export' },
  { method: 'GET', url: `/api/back-office/applications/${KEY}` },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/notes` },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/status` },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/deliveries/dlv_x/retry` },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/legal-hold` },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/legal-hold/lift` },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/erase` },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/data-export` },
  { method: 'GET', url: `/api/back-office/applications/${KEY}/data-export/candidates` },
  { method: 'GET', url: '/api/back-office/operators' },
  { method: 'POST', url: '/api/back-office/operators' },
  { method: 'POST', url: '/api/back-office/operators/op_x/disable' },
  { method: 'POST', url: '/api/back-office/operators/op_x/reset' },
  { method: 'GET', url: '/api/back-office/audit' },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/consent-withdrawals` },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/commission-answers` },
  { method: 'POST', url: `/api/back-office/applications/${KEY}/support-notes` },
  { method: 'GET', url: '/api/back-office/commission-requests' },
  { method: 'GET', url: '/api/back-office/figures' },
  { method: 'POST', url: '/api/back-office/figures/export' },
]

test('every back-office endpoint answers 401 without a session, and the session endpoint says so', async () => {
  for (const endpoint of ENDPOINTS) {
    const response = await bo.request({ ...endpoint, as: bo.anonymous })
    expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401)
    expect(response.json()).toEqual({ error: 'Not signed in' })
    expect(response.headers['cache-control']).toBe('no-store')
  }
  const session = await bo.request({ method: 'GET', url: '/api/back-office/session' })
  expect(session.statusCode).toBe(401)
  expect(session.json()).toMatchObject({ error: 'Not signed in', csrfToken: expect.any(String) })
})

test('with a valid session, another host answers 404: the back office exists on its own host only', async () => {
  const admin = await bo.operator('ann@broker.example', 'admin')
  // An applicant's host knows no back office (404); a host Forecourt does not serve is refused before any
  // route (421, decision 1573).
  for (const [host, status] of [
    ['carfinance.localhost', 404],
    ['localhost:3000', 404],
    ['backoffice.localhost.evil.example', 421],
  ] as const) {
    for (const endpoint of [
      ...ENDPOINTS,
      { method: 'GET' as const, url: '/api/back-office/session' },
    ]) {
      const response = await bo.request({ ...endpoint, as: admin, host })
      expect(response.statusCode, `${host} ${endpoint.url}`).toBe(status)
    }
  }
  const ok = await bo.request({
    method: 'GET',
    url: '/api/back-office/session',
    as: admin,
    host: 'BackOffice.Localhost:3000',
  })
  expect(ok.statusCode).toBe(200)
  // The back-office host does not answer the applicant's API.
  const applicantApi = await bo.request({ method: 'GET', url: '/api/stock/demo-car-1', as: admin })
  expect(applicantApi.statusCode).toBe(404)
})

test('enrolment: the address, a password of 12+ characters not in the common list, a QR code and a real TOTP code', async () => {
  const now = bo.clock.now()
  const { enrolment } = await addOperator(
    bo.database.db,
    { email: 'Cath@Broker.example', role: 'caseworker', brands: ['carfinance'] },
    now,
    null,
  )
  const post = (url: string, body: unknown) =>
    bo.request({ method: 'POST', url, as: bo.anonymous, body })

  expect((await post('/api/back-office/enrolment', { token: 'x'.repeat(43) })).json()).toEqual({
    error:
      'This enrolment address has expired or has already been used. Ask an administrator for a new one.',
  })
  const opened = await post('/api/back-office/enrolment', { token: enrolment.token })
  expect(opened.statusCode).toBe(200)
  expect(opened.json()).toEqual({
    email: 'cath@broker.example',
    expiresAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
    passwordMinLength: 12,
  })

  const tooEarly = await post('/api/back-office/enrolment/confirm', {
    token: enrolment.token,
    code: '123456',
  })
  expect(tooEarly.statusCode).toBe(409)
  expect(tooEarly.json()).toEqual({ error: 'Choose a password first' })

  const short = await post('/api/back-office/enrolment/password', {
    token: enrolment.token,
    password: 'short pass',
  })
  expect(short.statusCode).toBe(400)
  expect(short.json()).toEqual({
    error: 'Invalid password',
    errors: [{ field: 'password', message: 'Your password must be at least 12 characters' }],
  })
  for (const common of ['password1234', 'Password1234!', 'iloveyou12345', 'aaaaaaaaaaaaaa']) {
    const refused = await post('/api/back-office/enrolment/password', {
      token: enrolment.token,
      password: common,
    })
    expect(refused.json(), common).toEqual({
      error: 'Invalid password',
      errors: [
        {
          field: 'password',
          message: 'This password is too common: choose one that is harder to guess',
        },
      ],
    })
  }

  // The operator's own email or its first part, and the product's or a brand's name, are refused.
  const named = [
    [
      'cath@broker.example 2026',
      'Your password must not contain your email address or its first part',
    ],
    ['Blue-CATH-river-77', 'Your password must not contain your email address or its first part'],
    [
      'my Forecourt login 9',
      'Your password must not contain the name of this service or of its brands',
    ],
    [
      'Car Finance Direct 88',
      'Your password must not contain the name of this service or of its brands',
    ],
    [
      'x harbourlend tide 4',
      'Your password must not contain the name of this service or of its brands',
    ],
  ] as const
  for (const [password, message] of named) {
    const refused = await post('/api/back-office/enrolment/password', {
      token: enrolment.token,
      password,
    })
    expect(refused.json(), password).toEqual({
      error: 'Invalid password',
      errors: [{ field: 'password', message }],
    })
  }

  const chosen = await post('/api/back-office/enrolment/password', {
    token: enrolment.token,
    password: PASSWORD,
  })
  expect(chosen.statusCode).toBe(200)
  const { totp } = chosen.json() as { totp: { secret: string; uri: string; qrSvg: string } }
  expect(totp.secret).toMatch(/^[A-Z2-7]{32}$/)
  expect(totp.uri).toBe(
    `otpauth://totp/Forecourt%20back%20office:cath%40broker.example?issuer=Forecourt%20back%20office&secret=${totp.secret}&algorithm=SHA1&digits=6&period=30`,
  )
  const svg = Buffer.from(totp.qrSvg.replace('data:image/svg+xml;base64,', ''), 'base64').toString()
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
  // The secret is sealed at rest with the data key.
  const stored = await bo.database.db
    .selectFrom('enrolments')
    .select('totp_secret')
    .executeTakeFirstOrThrow()
  expect(stored.totp_secret).not.toContain(totp.secret)
  expect(JSON.parse(stored.totp_secret!)).toMatchObject({ alg: 'A256GCM' })

  const wrong = await post('/api/back-office/enrolment/confirm', {
    token: enrolment.token,
    code: '000000',
  })
  expect(wrong.json()).toEqual({
    error: 'Invalid code',
    errors: [
      {
        field: 'code',
        message: 'That code is not right: enter the 6 digits your authenticator app shows now',
      },
    ],
  })
  const confirmed = await post('/api/back-office/enrolment/confirm', {
    token: enrolment.token,
    code: codeAt(totp.secret, bo.clock.now()),
  })
  expect(confirmed.statusCode).toBe(200)
  expect(confirmed.json()).toMatchObject({
    operator: { email: 'cath@broker.example', role: 'caseworker', brands: ['carfinance'] },
    permissions: ['read', 'notes', 'status', 'retry', 'evidence'],
    brands: [{ id: 'carfinance', name: 'Car Finance Direct' }],
  })
  const cookie = confirmed.cookies.find((c) => c.name === 'forecourt-back-office')!
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
  expect(cookie.domain).toBeUndefined()
  expect(cookie.maxAge).toBeUndefined()

  // Used once: the same address no longer opens.
  expect((await post('/api/back-office/enrolment', { token: enrolment.token })).statusCode).toBe(
    410,
  )
  expect((await auditRows()).map((row) => row.action)).toEqual([
    'operator.added',
    'operator.enrolled',
  ])
})

test('over HTTPS (behind a trusted proxy) the session cookie is __Host- prefixed and Secure', async () => {
  await bo.close()
  bo = await startBackOffice(
    { name: 'SQLite', dialect: 'sqlite', available: true, open: openSqlite },
    { TRUST_PROXY: '127.0.0.1' },
  )
  const { enrolment } = await addOperator(
    bo.database.db,
    { email: 'h@broker.example', role: 'viewer', brands: 'all' },
    bo.clock.now(),
    null,
  )
  const https = { 'x-forwarded-proto': 'https' }
  const token = await bo.request({ method: 'GET', url: '/api/back-office/csrf', headers: https })
  const csrf = token.cookies.find((cookie) => cookie.name === '__Host-forecourt-csrf')!
  const as = { cookie: `${csrf.name}=${csrf.value}`, csrf: csrf.value }
  const chose = await bo.request({
    method: 'POST',
    url: '/api/back-office/enrolment/password',
    as,
    body: { token: enrolment.token, password: PASSWORD },
    headers: https,
  })
  const { secret } = (chose.json() as { totp: { secret: string } }).totp
  const confirmed = await bo.request({
    method: 'POST',
    url: '/api/back-office/enrolment/confirm',
    as,
    body: { token: enrolment.token, code: codeAt(secret, bo.clock.now()) },
    headers: https,
  })
  expect(confirmed.statusCode).toBe(200)
  const cookie = confirmed.cookies.find((c) => c.name === '__Host-forecourt-back-office')
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' })
  expect(cookie?.domain).toBeUndefined()
})

test('sign-in: email, password and the current code; a wrong part never says which, and a code is never accepted twice', async () => {
  const admin = await bo.operator('ann@broker.example', 'admin')
  const code = () => codeAt(admin.secret, bo.clock.now())
  for (const [email, password, c] of [
    ['nobody@broker.example', PASSWORD, code()],
    ['ann@broker.example', 'not the password at all', code()],
    ['ann@broker.example', PASSWORD, '000000'],
  ]) {
    const refused = await bo.signIn(email!, password!, c!)
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ error: FAILED })
  }
  const missing = await bo.signIn('', '', '')
  expect(missing.statusCode).toBe(400)
  expect(missing.json()).toEqual({
    error: 'Invalid sign-in',
    errors: [
      { field: 'email', message: 'Enter your email address' },
      { field: 'password', message: 'Enter your password' },
      { field: 'code', message: 'Enter the 6-digit code from your authenticator app' },
    ],
  })

  const current = code()
  const signedIn = await bo.signIn('ANN@broker.example ', PASSWORD, current)
  expect(signedIn.statusCode).toBe(200)
  expect(signedIn.json()).toMatchObject({
    operator: { email: 'ann@broker.example', role: 'admin', brands: 'all' },
  })
  // The same code again, even within its 30 seconds: refused.
  expect((await bo.signIn('ann@broker.example', PASSWORD, current)).statusCode).toBe(401)
  // The previous step's code is accepted once the step has turned; the one before is not.
  bo.clock.advance(30_000)
  const previous = codeAt(admin.secret, new Date(bo.clock.now().getTime() - 30_000))
  expect((await bo.signIn('ann@broker.example', PASSWORD, previous)).statusCode).toBe(401)
  bo.clock.advance(30_000)
  const lastStep = codeAt(admin.secret, new Date(bo.clock.now().getTime() - 30_000))
  expect((await bo.signIn('ann@broker.example', PASSWORD, lastStep)).statusCode).toBe(200)
  bo.clock.advance(90_000)
  const stale = codeAt(admin.secret, new Date(bo.clock.now().getTime() - 60_000))
  expect((await bo.signIn('ann@broker.example', PASSWORD, stale)).statusCode).toBe(401)

  const failures = (await auditRows()).filter((row) => row.action === 'sign-in.failed')
  expect(failures.map((row) => JSON.parse(row.detail).reason)).toEqual([
    'unknown-account',
    'wrong-password',
    'wrong-code',
    'wrong-code',
    'wrong-code',
    'wrong-code',
  ])
  // Nothing the person typed is in the audit log.
  expect(JSON.stringify(await auditRows())).not.toContain('nobody@broker.example')
})

test(
  'wrong passwords never lock an account: someone who knows only the email cannot keep the operator out',
  {
    // Each try hashes a password on purpose slowly; on a loaded machine a dozen take a while.
    timeout: 90_000,
  },
  async () => {
    const admin = await bo.operator('ann@broker.example', 'admin')
    // More than the 10 wrong codes that would lock it.
    for (let i = 0; i < 12; i += 1) {
      expect(
        (await bo.signIn('ann@broker.example', 'wrong password here', '123456')).statusCode,
      ).toBe(401)
    }
    expect((await auditRows()).some((row) => row.action === 'operator.locked')).toBe(false)
    bo.clock.advance(30_000)
    expect(
      (await bo.signIn('ann@broker.example', PASSWORD, codeAt(admin.secret, bo.clock.now())))
        .statusCode,
    ).toBe(200)
  },
)

test('10 wrong codes in a row after the right password lock the account for 15 minutes, with an audit entry; the right details are refused meanwhile', async () => {
  const admin = await bo.operator('ann@broker.example', 'admin')
  for (let i = 0; i < 10; i += 1) {
    expect((await bo.signIn('ann@broker.example', PASSWORD, '000000')).statusCode).toBe(401)
  }
  const locked = (await auditRows()).find((row) => row.action === 'operator.locked')
  expect(locked).toMatchObject({ target_operator_id: admin.id })
  bo.clock.advance(30_000)
  const refused = await bo.signIn(
    'ann@broker.example',
    PASSWORD,
    codeAt(admin.secret, bo.clock.now()),
  )
  expect(refused.statusCode).toBe(401)
  expect(refused.json()).toEqual({ error: FAILED })
  const listed = await bo.database.db
    .selectFrom('operators')
    .select(['locked_until', 'failed_attempts'])
    .executeTakeFirstOrThrow()
  expect(listed.failed_attempts).toBe(0)
  bo.clock.advance(15 * 60_000)
  expect(
    (await bo.signIn('ann@broker.example', PASSWORD, codeAt(admin.secret, bo.clock.now())))
      .statusCode,
  ).toBe(200)
})

test('sign-in is rate limited per account', async () => {
  await bo.close()
  bo = await startBackOffice(
    { name: 'SQLite', dialect: 'sqlite', available: true, open: openSqlite },
    { RATE_LIMIT_WRITES_PER_MINUTE: '60' },
  )
  const statuses: number[] = []
  for (let i = 0; i < 11; i += 1) {
    statuses.push(
      (await bo.signIn('someone@broker.example', 'wrong password here', '123456')).statusCode,
    )
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
  const limited = await bo.signIn('someone@broker.example', 'wrong password here', '123456')
  expect(limited.statusCode).toBe(429)
  expect(limited.json()).toEqual({ error: 'Too many requests' })
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  // Another account from the same client still gets an answer.
  expect(
    (await bo.signIn('other@broker.example', 'wrong password here', '123456')).statusCode,
  ).toBe(401)
})

test('sessions end after 30 idle minutes, after 12 hours in any case, on sign-out, and everywhere at once', async () => {
  const admin = await bo.operator('ann@broker.example', 'admin')
  const session = () => bo.request({ method: 'GET', url: '/api/back-office/session', as: admin })
  expect((await session()).statusCode).toBe(200)
  bo.clock.advance(29 * 60_000)
  expect((await session()).statusCode).toBe(200)
  bo.clock.advance(29 * 60_000)
  expect((await session()).statusCode).toBe(200)
  bo.clock.advance(31 * 60_000)
  expect((await session()).statusCode).toBe(401)

  const code = () => codeAt(admin.secret, bo.clock.now())
  const again = await bo.signIn(admin.email, PASSWORD, code())
  const cookieOf = (r: typeof again) =>
    `${bo.anonymous.cookie}; forecourt-back-office=${r.cookies.find((c) => c.name === 'forecourt-back-office')!.value}`
  const first = { cookie: cookieOf(again), csrf: bo.anonymous.csrf }
  for (let hour = 0; hour < 12; hour += 1) {
    expect(
      (await bo.request({ method: 'GET', url: '/api/back-office/session', as: first })).statusCode,
    ).toBe(200)
    bo.clock.advance(25 * 60_000)
    expect(
      (await bo.request({ method: 'GET', url: '/api/back-office/session', as: first })).statusCode,
    ).toBe(200)
    bo.clock.advance(25 * 60_000)
    expect(
      (await bo.request({ method: 'GET', url: '/api/back-office/session', as: first })).statusCode,
    ).toBe(200)
    bo.clock.advance(10 * 60_000)
  }
  expect(
    (await bo.request({ method: 'GET', url: '/api/back-office/session', as: first })).statusCode,
  ).toBe(401)

  bo.clock.advance(30_000)
  const a = {
    cookie: cookieOf(await bo.signIn(admin.email, PASSWORD, code())),
    csrf: bo.anonymous.csrf,
  }
  bo.clock.advance(30_000)
  const b = {
    cookie: cookieOf(await bo.signIn(admin.email, PASSWORD, code())),
    csrf: bo.anonymous.csrf,
  }
  bo.clock.advance(30_000)
  const c = {
    cookie: cookieOf(await bo.signIn(admin.email, PASSWORD, code())),
    csrf: bo.anonymous.csrf,
  }
  expect(
    (await bo.request({ method: 'POST', url: '/api/back-office/sign-out', as: a })).statusCode,
  ).toBe(204)
  expect(
    (await bo.request({ method: 'GET', url: '/api/back-office/session', as: a })).statusCode,
  ).toBe(401)
  expect(
    (await bo.request({ method: 'GET', url: '/api/back-office/session', as: b })).statusCode,
  ).toBe(200)
  expect(
    (await bo.request({ method: 'POST', url: '/api/back-office/sign-out-everywhere', as: b }))
      .statusCode,
  ).toBe(204)
  expect(
    (await bo.request({ method: 'GET', url: '/api/back-office/session', as: b })).statusCode,
  ).toBe(401)
  expect(
    (await bo.request({ method: 'GET', url: '/api/back-office/session', as: c })).statusCode,
  ).toBe(401)
})

test('anti-forgery: a write without the token, with another token, or from another site is refused', async () => {
  const admin = await bo.operator('ann@broker.example', 'admin')
  const url = '/api/back-office/operators'
  const body = { email: 'new@broker.example', role: 'viewer', brands: 'all' }
  const noToken = await bo.request({
    method: 'POST',
    url,
    as: { cookie: admin.cookie, csrf: '' },
    body,
  })
  expect(noToken.statusCode).toBe(403)
  expect(noToken.json()).toEqual({ error: 'Forbidden' })
  const otherToken = await bo.request({
    method: 'POST',
    url,
    as: { cookie: admin.cookie, csrf: `${admin.csrf}x` },
    body,
  })
  expect(otherToken.statusCode).toBe(403)
  for (const site of ['cross-site', 'same-site']) {
    const refused = await bo.request({
      method: 'POST',
      url,
      as: admin,
      body,
      headers: { 'sec-fetch-site': site },
    })
    expect(refused.statusCode, site).toBe(403)
  }
  // Sign-in itself needs the pair too.
  const signIn = await bo.request({
    method: 'POST',
    url: '/api/back-office/sign-in',
    body: { email: 'a', password: 'b', code: 'c' },
  })
  expect(signIn.statusCode).toBe(403)
  const ok = await bo.request({
    method: 'POST',
    url,
    as: admin,
    body,
    headers: { 'sec-fetch-site': 'same-origin' },
  })
  expect(ok.statusCode).toBe(201)
  expect(
    await bo.database.db
      .selectFrom('operators')
      .select('email')
      .where('email', '=', 'new@broker.example')
      .execute(),
  ).toHaveLength(1)
})

test("each role's allowed and refused actions", async () => {
  const key = randomUUID()
  await bo.submit(key)
  const viewer = await bo.operator('vic@broker.example', 'viewer')
  const caseworker = await bo.operator('cath@broker.example', 'caseworker')
  const admin = await bo.operator('ann@broker.example', 'admin')
  const [delivery] = await bo.database.db
    .selectFrom('deliveries')
    .select('id')
    .where('submission_key', '=', key)
    .execute()
  const actions: {
    name: string
    method: 'GET' | 'POST'
    url: string
    body?: unknown
    allowed: string[]
  }[] = [
    {
      name: 'list',
      method: 'GET',
      url: '/api/back-office/applications',
      allowed: ['viewer', 'caseworker', 'admin'],
    },
    {
      name: 'read',
      method: 'GET',
      url: `/api/back-office/applications/${key}`,
      allowed: ['viewer', 'caseworker', 'admin'],
    },
    {
      name: 'search',
      method: 'POST',
      url: '/api/back-office/applications/search',
      body: { query: key.slice(0, 4) === 'zzzz' ? '' : "O'Neill" },
      allowed: ['viewer', 'caseworker', 'admin'],
    },
    {
      name: 'note',
      method: 'POST',
      url: `/api/back-office/applications/${key}/notes`,
      body: { text: 'Called back' },
      allowed: ['caseworker', 'admin'],
    },
    {
      name: 'status',
      method: 'POST',
      url: `/api/back-office/applications/${key}/status`,
      body: { status: 'contacted' },
      allowed: ['caseworker', 'admin'],
    },
    {
      name: 'retry',
      method: 'POST',
      url: `/api/back-office/applications/${key}/deliveries/${delivery!.id}/retry`,
      allowed: ['caseworker', 'admin'],
    },
    {
      name: 'csv',
      method: 'POST',
      url: '/api/back-office/applications/export',
      allowed: ['admin'],
    },
    {
      name: 'data export',
      method: 'POST',
      url: `/api/back-office/applications/${key}/data-export`,
      allowed: ['admin'],
    },
    {
      name: 'hold',
      method: 'POST',
      url: `/api/back-office/applications/${key}/legal-hold`,
      body: { reason: 'Complaint to the ombudsman' },
      allowed: ['admin'],
    },
    {
      name: 'lift',
      method: 'POST',
      url: `/api/back-office/applications/${key}/legal-hold/lift`,
      allowed: ['admin'],
    },
    { name: 'operators', method: 'GET', url: '/api/back-office/operators', allowed: ['admin'] },
    { name: 'audit', method: 'GET', url: '/api/back-office/audit', allowed: ['admin'] },
    {
      name: 'erase',
      method: 'POST',
      url: `/api/back-office/applications/${key}/erase`,
      body: { reason: 'The applicant asked' },
      allowed: ['admin'],
    },
  ]
  for (const action of actions) {
    for (const [role, who] of [
      ['viewer', viewer],
      ['caseworker', caseworker],
      ['admin', admin],
    ] as const) {
      const response = await bo.request({
        method: action.method,
        url: action.url,
        as: who,
        body: action.body,
      })
      if (action.allowed.includes(role)) {
        expect(response.statusCode, `${role} ${action.name}: ${response.body}`).toBeLessThan(300)
      } else {
        expect(response.statusCode, `${role} ${action.name}`).toBe(403)
        expect(response.json()).toEqual({ error: 'Forbidden' })
      }
    }
  }
})

test("brand scoping: another brand's application is 404, never 403, and is left out of the list and search", async () => {
  const ours = randomUUID()
  const theirs = randomUUID()
  await bo.submit(ours)
  await bo.submit(theirs, (payload) => {
    payload.affiliateKey = brands.milebroker.affiliateKey
  })
  const cath = await bo.operator('cath@broker.example', 'caseworker', ['carfinance'])
  expect(
    (await bo.request({ method: 'GET', url: `/api/back-office/applications/${theirs}`, as: cath }))
      .statusCode,
  ).toBe(404)
  for (const url of ['notes', 'status', `deliveries/dlv_x/retry`]) {
    const response = await bo.request({
      method: 'POST',
      url: `/api/back-office/applications/${theirs}/${url}`,
      as: cath,
      body: { text: 'x', status: 'new' },
    })
    expect(response.statusCode, url).toBe(404)
  }
  const list = await bo.request({ method: 'GET', url: '/api/back-office/applications', as: cath })
  expect(
    (list.json() as { items: { applicationKey: string }[] }).items.map(
      (item) => item.applicationKey,
    ),
  ).toEqual([ours])
  const search = await bo.request({
    method: 'POST',
    url: '/api/back-office/applications/search',
    as: cath,
    body: { query: 'ada.oneill@example.com' },
  })
  expect(
    (search.json() as { items: { applicationKey: string }[] }).items.map(
      (item) => item.applicationKey,
    ),
  ).toEqual([ours])
  const wrongBrand = await bo.request({
    method: 'GET',
    url: '/api/back-office/applications?brand=milebroker',
    as: cath,
  })
  expect(wrongBrand.statusCode).toBe(400)
  expect(wrongBrand.json()).toEqual({
    error: 'Invalid filter',
    errors: [{ field: 'brand', message: 'is not one of your brands' }],
  })
})

test('search finds an application by reference, email, phone, postcode or name, after normalisation, with the data key set', async () => {
  const key = randomUUID()
  const other = randomUUID()
  await bo.submit(key)
  await bo.submit(other, (payload) => {
    payload.email = 'someone.else@example.com'
    payload.contactNumber = '07911987654'
    payload.lastName = 'Smith'
  })
  // Stored sealed: the table alone shows neither the phone nor the name.
  const stored = await bo.database.db
    .selectFrom('applications')
    .select('payload')
    .where('application_key', '=', other)
    .executeTakeFirstOrThrow()
  expect(stored.payload).not.toContain('07911987654')
  expect(stored.payload).not.toContain('Smith')
  const admin = await bo.operator('ann@broker.example', 'admin')
  const search = async (query: string) => {
    const response = await bo.request({
      method: 'POST',
      url: '/api/back-office/applications/search',
      as: admin,
      body: { query },
    })
    expect(response.statusCode, query).toBe(200)
    const body = response.json() as {
      items: { applicationKey: string; name: string }[]
      searchedBy: string
    }
    return { keys: body.items.map((item) => item.applicationKey), by: body.searchedBy }
  }
  const reference = applicationReference(other)
  expect(await search(reference)).toEqual({ keys: [other], by: 'reference' })
  expect(await search(reference.toLowerCase().replaceAll('-', ''))).toEqual({
    keys: [other],
    by: 'reference',
  })
  for (const phone of ['07911 987654', '+447911987654', '07911987654', '+44 (0)7911 987654']) {
    expect(await search(phone), phone).toEqual({ keys: [other], by: 'phone' })
  }
  expect(await search('07911 987655')).toEqual({ keys: [], by: 'phone' })
  expect(await search('Someone.Else@Example.com')).toEqual({ keys: [other], by: 'email' })
  expect(await search('smith')).toEqual({ keys: [other], by: 'name' })
  expect(await search('o’neill')).toEqual({ keys: [key], by: 'name' })
  const postcode = await search('ls63ah')
  expect(postcode.by).toBe('postcode')
  expect(postcode.keys.sort()).toEqual([key, other].sort())
  expect((await search(' LS6  3AH ')).keys.sort()).toEqual([key, other].sort())
  const bad = await bo.request({
    method: 'POST',
    url: '/api/back-office/applications/search',
    as: admin,
    body: { query: 'Smith 42' },
  })
  expect(bad.json()).toEqual({
    error: 'Invalid search',
    errors: [
      { field: 'query', message: 'Enter a reference, email, phone number, postcode or name' },
    ],
  })

  // The audit log names the field searched, never the value.
  const searches = (await auditRows()).filter((row) => row.action === 'applications.searched')
  expect(searches.map((row) => JSON.parse(row.detail))).toContainEqual({
    field: 'phone',
    brand: null,
    status: null,
    kind: null,
    decision: null,
    needsAttention: null,
    from: null,
    to: null,
  })
  const everything = JSON.stringify(await auditRows())
  for (const value of ['07911', '987654', 'Smith', 'smith', 'someone.else', 'LS6']) {
    expect(everything).not.toContain(value)
  }
  expect(bo.logText()).not.toContain('987654')
  expect(bo.logText()).not.toContain('someone.else')
})

test('the list is newest activity first, 50 a page, by keyset cursor, with filters', async () => {
  const keys: string[] = []
  for (let i = 0; i < 53; i += 1) {
    const key = randomUUID()
    keys.push(key)
    await bo.submit(key)
  }
  const admin = await bo.operator('ann@broker.example', 'admin')
  const first = await bo.request({ method: 'GET', url: '/api/back-office/applications', as: admin })
  const page1 = first.json() as {
    items: {
      applicationKey: string
      updatedAt: string
      name: string
      kind: string
      brokerStatus: string
      lenders: unknown[]
    }[]
    nextCursor: string
  }
  expect(page1.items).toHaveLength(50)
  expect(page1.items[0]).toMatchObject({
    name: "Ada O'Neill",
    kind: 'submitted',
    brokerStatus: 'new',
    brand: 'carfinance',
    brandName: 'Car Finance Direct',
  })
  expect(page1.items[0]!.lenders).toEqual([
    { destinationId: 'lender-a', delivery: 'pending', decision: null, decidedAt: null },
    { destinationId: 'lender-b', delivery: 'pending', decision: null, decidedAt: null },
  ])
  const second = await bo.request({
    method: 'GET',
    url: `/api/back-office/applications?cursor=${page1.nextCursor}`,
    as: admin,
  })
  const page2 = second.json() as { items: { applicationKey: string }[]; nextCursor: string | null }
  expect(page2.items).toHaveLength(3)
  expect(page2.nextCursor).toBeNull()
  const all = [...page1.items, ...page2.items].map((item) => item.applicationKey)
  expect(new Set(all).size).toBe(53)
  expect(all.sort()).toEqual([...keys].sort())

  await bo.request({
    method: 'POST',
    url: `/api/back-office/applications/${keys[0]}/status`,
    as: admin,
    body: { status: 'contacted' },
  })
  const contacted = await bo.request({
    method: 'GET',
    url: '/api/back-office/applications?status=contacted',
    as: admin,
  })
  expect(
    (contacted.json() as { items: { applicationKey: string }[] }).items.map(
      (item) => item.applicationKey,
    ),
  ).toEqual([keys[0]])
  const fresh = await bo.request({
    method: 'GET',
    url: '/api/back-office/applications?status=new&limit=100',
    as: admin,
  })
  expect((fresh.json() as { items: unknown[] }).items).toHaveLength(52)
  const partial = await bo.request({
    method: 'GET',
    url: '/api/back-office/applications?kind=partial',
    as: admin,
  })
  expect((partial.json() as { items: unknown[] }).items).toHaveLength(0)
  const today = bo.clock.now().toISOString().slice(0, 10)
  const dated = await bo.request({
    method: 'GET',
    url: `/api/back-office/applications?from=2020-01-01&to=2020-01-31`,
    as: admin,
  })
  expect((dated.json() as { items: unknown[] }).items).toHaveLength(0)
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  const bad = await bo.request({
    method: 'GET',
    url: '/api/back-office/applications?status=maybe&from=31/01/2020&cursor=nope',
    as: admin,
  })
  expect(bad.json()).toEqual({
    error: 'Invalid filter',
    errors: [
      {
        field: 'status',
        message:
          'must be one of new, contacted, with_lender, approved, signed, declined, withdrawn, paid_out, closed',
      },
      { field: 'from', message: 'must be a date written YYYY-MM-DD' },
      { field: 'cursor', message: 'is not a cursor from an earlier page' },
    ],
  })
})

test('the detail: answers grouped and labelled, timeline, deliveries, notes and status history, each action audited', async () => {
  const key = randomUUID()
  await bo.submit(key)
  const cath = await bo.operator('cath@broker.example', 'caseworker')
  await bo.request({
    method: 'POST',
    url: `/api/back-office/applications/${key}/notes`,
    as: cath,
    body: { text: 'Called: sending payslips' },
  })
  await bo.request({
    method: 'POST',
    url: `/api/back-office/applications/${key}/status`,
    as: cath,
    body: { status: 'with_lender' },
  })
  const detail = await bo.request({
    method: 'GET',
    url: `/api/back-office/applications/${key}`,
    as: cath,
  })
  expect(detail.statusCode).toBe(200)
  const body = detail.json() as {
    application: Record<string, unknown>
    answers: { title: string; rows: { label: string; value: string[] }[] }[]
    notes: unknown[]
    statusHistory: unknown[]
    deliveries: unknown[]
    timeline: { text: string }[]
  }
  expect(body.application).toMatchObject({
    applicationKey: key,
    name: "Ada O'Neill",
    kind: 'submitted',
    brokerStatus: 'with_lender',
    brokerStatusChangedBy: 'cath@broker.example',
    legalHold: null,
    erased: null,
  })
  expect(body.answers.map((section) => section.title)).toEqual(
    expect.arrayContaining([
      'Loan',
      'About the applicant',
      'Address history',
      'Employment and income',
      'Marketing choices',
      'Consents',
      'Technical',
    ]),
  )
  // What the server adds on receipt is named, not left as raw keys under "Other".
  expect(body.answers.map((section) => section.title)).not.toContain('Other')
  const about = body.answers.find(
    (section: { title: string }) => section.title === 'About the applicant',
  )
  expect(about?.rows).toContainEqual({ label: 'Phone number', value: ['07911123456'] })
  expect(body.notes).toEqual([
    {
      id: expect.stringMatching(/^note_/),
      text: 'Called: sending payslips',
      by: 'cath@broker.example',
      at: expect.any(String),
    },
  ])
  expect(body.statusHistory).toEqual([
    { status: 'with_lender', by: 'cath@broker.example', at: expect.any(String) },
  ])
  expect(body.deliveries).toHaveLength(2)
  expect(body.timeline.map((entry) => entry.text)).toEqual(
    expect.arrayContaining([
      'Application started',
      'Submitted',
      'Note added: Called: sending payslips',
      'Broker status set to With lender',
    ]),
  )
  // The note is sealed at rest.
  const note = await bo.database.db.selectFrom('notes').select('text').executeTakeFirstOrThrow()
  expect(note.text).not.toContain('payslips')
  const actions = (await auditRows())
    .filter((row) => row.application_key === key)
    .map((row) => row.action)
  expect(actions).toEqual(['note.added', 'status.changed', 'application.viewed'])
})

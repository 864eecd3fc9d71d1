// The back-office contract against the server: the server registers every route the contract names, and
// the check every back-office test's answers go through refuses what the contract does not describe.

import { expect, test } from 'vitest'
import { readFile, readdir } from 'node:fs/promises'
import { BACK_OFFICE_ROUTES, type BackOfficeRoute } from '@forecourt/domain/contract/back-office'
import { assertContract, contractProblem, contractRoute } from './back-office-contract'
import { startTestApp } from './test-app'

const ROUTES = Object.keys(BACK_OFFICE_ROUTES) as BackOfficeRoute[]
const json = (body: unknown) => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
})

test('the server registers every route of the contract, and its route files register no other', async () => {
  const { app, close } = await startTestApp()
  try {
    await app.ready()
    const missing = ROUTES.filter((route) => {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string]
      return !app.hasRoute({ method, url })
    })
    expect(missing).toEqual([])
  } finally {
    await close()
  }
  // Each route file's registrations, read from its source: every one is in the contract.
  const folder = new URL('../src/routes/api/back-office/', import.meta.url)
  const registered: string[] = []
  for (const name of await readdir(folder)) {
    const source = await readFile(new URL(name, folder), 'utf8')
    for (const match of source.matchAll(
      /app\.(get|post)<[\s\S]*?>\(\s*'(\/api\/back-office[^']*)'/g,
    )) {
      registered.push(`${match[1]!.toUpperCase()} ${match[2]!}`)
    }
  }
  expect(registered.sort()).toEqual([...ROUTES].sort())
})

test('a path is read as the route that answers it, its query string aside', () => {
  expect(contractRoute('POST', '/api/back-office/applications/search')).toBe(
    'POST /api/back-office/applications/search',
  )
  expect(contractRoute('GET', '/api/back-office/applications/abc-123?x=1')).toBe(
    'GET /api/back-office/applications/:applicationKey',
  )
  expect(contractRoute('DELETE', '/api/back-office/session')).toBeUndefined()
})

test('an answer with a field the contract lacks, or without one it declares, breaks the contract', () => {
  const route = 'GET /api/back-office/csrf'
  expect(contractProblem(route, json({ token: 't' }))).toBeUndefined()
  expect(contractProblem(route, json({ token: 't', extra: 1 }))).toBe(
    'GET /api/back-office/csrf 200: ✖ Unrecognized key: "extra"',
  )
  expect(contractProblem(route, json({}))).toBe(
    'GET /api/back-office/csrf 200: ✖ Invalid input: expected string, received undefined\n  → at token',
  )
  expect(contractProblem(route, { ...json({ token: 't' }), statusCode: 201 })).toBe(
    'GET /api/back-office/csrf 201: status 201 is not in the contract',
  )
  expect(
    contractProblem('POST /api/back-office/sign-out', {
      ...json({ error: 'Nope' }),
      statusCode: 409,
    }),
  ).toBeUndefined()
  expect(
    contractProblem('POST /api/back-office/sign-out', {
      ...json({ message: 'Nope' }),
      statusCode: 409,
    }),
  ).toContain('Unrecognized key: "message"')
  expect(() => assertContract('GET', '/api/back-office/nowhere', json({}))).toThrow(
    'GET /api/back-office/nowhere is not in BACK_OFFICE_ROUTES',
  )
})

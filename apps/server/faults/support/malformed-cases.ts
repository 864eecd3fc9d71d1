// Malformed requests for the write endpoints, generated with fast-check from a fixed seed (the same run
// every time): random JSON, valid bodies with a field of the wrong type, huge strings, deep nesting, wrong
// content types, lying or broken lengths, broken UTF-8, bad keys in the path, missing or wrong
// anti-forgery, oversized and broken headers, prototype keys and extreme numbers. Each case is the
// request's bytes, so it can go over a socket as it is (apps/server/faults/malformed.ts) or, when its
// framing is ordinary HTTP, through `inject` (test/submission-fuzz.test.ts).
// Long because it is a table: every write route with a valid body, and every kind of malformed request.

import fc from 'fast-check'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { currentText } from '../../src/evidence/disclosure-hash'
import { withBrowserSecret } from './browser-secret'

/** The write routes the cases know, as the OpenAPI document names them (the back office's are not in it). */
export const KNOWN_WRITE_ROUTES = [
  'POST /api/submission/{submissionKey}',
  'POST /api/application/{applicationKey}',
  'POST /api/events',
  'POST /api/save-and-return/{applicationKey}',
  'POST /api/saved-answers/{applicationKey}',
  'POST /api/continue/open',
  'POST /api/continue/check',
  'POST /api/continue/new-link',
  'POST /api/application-status/open',
  'POST /api/application-status/check',
  'POST /api/application-status/choice',
  'POST /api/application-status/new-link',
  'POST /api/joint-confirmation/open',
  'POST /api/joint-confirmation/check',
  'POST /api/joint-confirmation/confirm',
  'POST /api/joint-confirmation/dispute',
  'POST /api/joint-confirmation/new-link',
  'POST /api/evidence/{applicationKey}',
  'POST /api/lender-decisions/{lenderId}',
] as const
export type WriteRoute = (typeof KNOWN_WRITE_ROUTES)[number]

/**
 * The routes besides the submission whose 2xx stores the application's answers: a case answered 2xx on one
 * of them adds one application row (each case has a key of its own). The saved answers' refresh only
 * replaces answers already saved for a link, so on a new key it stores nothing ("not-saved-for-later").
 */
export const ANSWER_SAVING_ROUTES: ReadonlySet<WriteRoute> = new Set<WriteRoute>([
  'POST /api/application/{applicationKey}',
  'POST /api/save-and-return/{applicationKey}',
])

export const CATEGORIES = [
  'random JSON',
  'wrong types',
  'huge strings',
  'deep nesting',
  'wrong content type',
  'bad lengths',
  'broken UTF-8',
  'bad keys in the path',
  'anti-forgery missing or wrong',
  'bad headers',
  'prototype keys',
  'extreme numbers',
] as const
export type Category = (typeof CATEGORIES)[number]

export interface MalformedCase {
  route: WriteRoute
  category: Category
  /** What this case is, in a few words (for a report of failures). */
  label: string
  method: string
  path: string
  headers: Record<string, string>
  body: Buffer
  /**
   * How the body's length is framed: 'exact' (Content-Length of the body), 'none', or raw header text
   * that replaces Content-Length (a lie, a duplicate, chunked framing); only 'exact' can go through
   * `inject`.
   */
  framing: 'exact' | 'none' | { rawHeaders: string }
  /** The server may rightly wait for bytes that never come (a length promising more than is sent). */
  mayWait?: boolean
  /** The submission or application key in the path, when the path holds a valid one. */
  key?: string
}

export interface CaseContext {
  host: string
  /** A valid anti-forgery pair: `cookie` and `x-csrf-token`. */
  antiForgery: Record<string, string>
}

const UUID_PLACEHOLDER = '00000000-0000-4000-8000-000000000000'

function validSubmissionBody(key: string): Record<string, unknown> {
  const state = filledState()
  state.GUID = key
  state.applicationKey = key
  return toFullSubmissionPayload(state, { brand: brands.carfinance, now: new Date() }) as never
}

function validPartialBody(key: string): Record<string, unknown> {
  const state = filledState()
  state.GUID = key
  state.applicationKey = key
  return toPartialPayload(state, { brand: brands.carfinance, now: new Date() }) as never
}

/** A link's token as the page sends it (one that was never issued: the link routes answer it as unknown). */
const tokenFor = (key: string) => Buffer.from(key.replaceAll('-', ''), 'hex').toString('base64url')
const DATE_OF_BIRTH = { day: '14', month: '3', year: '1986' }
const EMAIL = 'applicant@example.com'
const commission = currentText('carfinance', 'commission')

/** A valid body for the route under `key`. */
export function validBody(route: WriteRoute, key: string): Record<string, unknown> {
  switch (route) {
    case 'POST /api/submission/{submissionKey}':
      return validSubmissionBody(key)
    case 'POST /api/application/{applicationKey}':
      return validPartialBody(key)
    case 'POST /api/events':
      return { event: 'Started', category: 'Application form', step: 'start' }
    case 'POST /api/save-and-return/{applicationKey}': {
      const state = filledState()
      state.GUID = key
      state.applicationKey = key
      return { state, payload: validPartialBody(key), screen: '/contact', email: EMAIL }
    }
    case 'POST /api/saved-answers/{applicationKey}': {
      const state = filledState()
      state.GUID = key
      state.applicationKey = key
      return { state }
    }
    case 'POST /api/continue/open':
    case 'POST /api/application-status/open':
    case 'POST /api/joint-confirmation/open':
      return { token: tokenFor(key) }
    case 'POST /api/continue/check':
    case 'POST /api/application-status/check':
    case 'POST /api/joint-confirmation/check':
      return { token: tokenFor(key), dateOfBirth: DATE_OF_BIRTH }
    case 'POST /api/continue/new-link':
    case 'POST /api/application-status/new-link':
    case 'POST /api/joint-confirmation/new-link':
      return { token: tokenFor(key), email: EMAIL }
    case 'POST /api/application-status/choice':
      return { decisionId: key, call: false }
    case 'POST /api/joint-confirmation/confirm':
      return {
        token: tokenFor(key),
        dateOfBirth: DATE_OF_BIRTH,
        corrections: 'My employer is Harbour Mills Ltd',
        softSearch: true,
        marketing: { email: false, sms: false },
      }
    case 'POST /api/joint-confirmation/dispute':
      return {
        token: tokenFor(key),
        dateOfBirth: DATE_OF_BIRTH,
        dispute: 'I did not agree to apply',
      }
    case 'POST /api/evidence/{applicationKey}':
      return {
        affiliateKey: brands.carfinance.affiliateKey,
        items: [
          {
            id: key,
            applicant: 'main',
            kind: 'shown',
            disclosureId: 'commission',
            version: commission?.version ?? 1,
            textHash: commission?.hash ?? '0'.repeat(64),
            screen: '/',
          },
        ],
      }
    case 'POST /api/lender-decisions/{lenderId}':
      return {
        submissionKey: key,
        decision: 'declined',
        lenderReference: 'LA-20261129-1',
        decidedAt: '2026-11-29T10:15:00Z',
        message: 'Outside our lending criteria',
      }
  }
}

/** The path of a route taking a key (or a lender's id), without it: '/api/submission/'. */
const KEYED_PATHS: Partial<Record<WriteRoute, string>> = {
  'POST /api/submission/{submissionKey}': '/api/submission/',
  'POST /api/application/{applicationKey}': '/api/application/',
  'POST /api/save-and-return/{applicationKey}': '/api/save-and-return/',
  'POST /api/saved-answers/{applicationKey}': '/api/saved-answers/',
  'POST /api/evidence/{applicationKey}': '/api/evidence/',
  'POST /api/lender-decisions/{lenderId}': '/api/lender-decisions/',
}

function pathOf(route: WriteRoute, key: string): string {
  const base = KEYED_PATHS[route]
  // A lender's decision goes to a configured lender's path; the key is the submission's, in the body.
  if (route === 'POST /api/lender-decisions/{lenderId}') return `${base}lender-a`
  return base === undefined ? route.slice('POST '.length) : `${base}${key}`
}

const fieldsOf = (route: WriteRoute) => Object.keys(validBody(route, UUID_PLACEHOLDER))

type Draft = Omit<MalformedCase, 'route' | 'category' | 'method' | 'path' | 'headers' | 'body'> & {
  path?: string
  headers?: Record<string, string | undefined>
  body: Buffer | string
}

/** The arbitrary of one category's cases for one route; `key` is a fresh UUID for the path. */
function categoryArbitrary(
  route: WriteRoute,
  category: Category,
  key: string,
): fc.Arbitrary<Draft> {
  const valid = () => validBody(route, key)
  const withField = (field: string, value: unknown) =>
    JSON.stringify({ ...valid(), [field]: value })
  const field = fc.constantFrom(...fieldsOf(route))
  const anyJson = fc.jsonValue({ maxDepth: 5 })
  switch (category) {
    case 'random JSON':
      return anyJson.map((value) => ({
        label: 'random JSON value',
        framing: 'exact',
        body: JSON.stringify(value) ?? 'null',
      }))
    case 'wrong types':
      return fc
        .tuple(
          field,
          fc.oneof(
            anyJson,
            fc.constantFrom(null, true, -1, 1e21, '', [], {}, [[]], { nested: { deeper: [1] } }),
          ),
        )
        .map(([name, value]) => ({
          label: `${name} = ${JSON.stringify(value)?.slice(0, 40)}`,
          framing: 'exact',
          body: withField(name, value),
          key,
        }))
    case 'huge strings':
      return fc
        .tuple(
          field,
          fc.integer({ min: 1_000, max: 120_000 }),
          fc.constantFrom('a', 'é', '字', '😀', '\\u0000', '<script>'),
        )
        .map(([name, length, unit]) => ({
          label: `${name}: ${length} × ${JSON.stringify(unit)}`,
          framing: 'exact',
          body: withField(name, unit.repeat(Math.ceil(length / unit.length))),
          key,
        }))
    case 'deep nesting':
      return fc
        .tuple(fc.integer({ min: 33, max: 30_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
        .map(([depth, open, inField]) => {
          const close = open === '[' ? ']' : '}'
          const nested = `${open.repeat(depth)}1${close.repeat(depth)}`
          const body = inField
            ? JSON.stringify({ ...valid(), deep: UUID_PLACEHOLDER }).replace(
                `"${UUID_PLACEHOLDER}"`,
                nested,
              )
            : nested
          return {
            label: `${depth} levels of ${open}${inField ? ' inside a valid body' : ''}`,
            framing: 'exact',
            body,
          }
        })
    case 'wrong content type':
      return fc
        .constantFrom(
          undefined,
          '',
          'text/plain',
          'text/plain;charset=UTF-8',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=----x',
          'application/xml',
          'text/json',
          'application/jsonx',
          'application/json-patch+json',
          'application/json; charset=utf-16',
          'application/octet-stream',
          '*/*',
          'application/json, text/plain',
          ';;;',
          'application/\u00e9',
        )
        .chain((contentType) =>
          fc
            .oneof(
              fc.constant(JSON.stringify(valid())),
              fc.constant('a=1&b=2'),
              fc.constant('<xml/>'),
              fc.string({ maxLength: 100 }),
            )
            .map((body) => ({
              label: `Content-Type ${contentType === undefined ? '(none)' : JSON.stringify(contentType)}`,
              framing: 'exact',
              headers: { 'content-type': contentType },
              body,
            })),
        )
    case 'bad lengths':
      return fc
        .tuple(
          fc.constantFrom(
            'more than sent',
            'less than sent',
            'not a number',
            'negative',
            'two different lengths',
            'length and chunked',
            'broken chunks',
            'none',
          ),
          fc.integer({ min: 1, max: 5000 }),
        )
        .map(([kind, by]): Draft => {
          const body = JSON.stringify(valid())
          const length = Buffer.byteLength(body)
          const raw = (text: string): Draft['framing'] => ({ rawHeaders: text })
          switch (kind) {
            case 'more than sent':
              return {
                label: `Content-Length ${by} more than sent`,
                framing: raw(`content-length: ${length + by}\r\n`),
                body,
                mayWait: true,
              }
            case 'less than sent':
              return {
                label: `Content-Length ${Math.min(by, length)} less than sent`,
                framing: raw(`content-length: ${Math.max(0, length - by)}\r\n`),
                body,
              }
            case 'not a number':
              return { label: 'Content-Length abc', framing: raw('content-length: abc\r\n'), body }
            case 'negative':
              return {
                label: `Content-Length -${by}`,
                framing: raw(`content-length: -${by}\r\n`),
                body,
              }
            case 'two different lengths':
              return {
                label: 'two Content-Length headers',
                framing: raw(`content-length: ${length}\r\ncontent-length: ${length + by}\r\n`),
                body,
              }
            case 'length and chunked':
              return {
                label: 'Content-Length with chunked encoding',
                framing: raw(`content-length: ${length}\r\ntransfer-encoding: chunked\r\n`),
                body: `${length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
              }
            case 'broken chunks':
              return {
                label: 'chunk sizes that lie',
                framing: raw('transfer-encoding: chunked\r\n'),
                body: `zz\r\n${body}\r\n0\r\n\r\n`,
              }
            default:
              return { label: 'no length at all', framing: 'none', body }
          }
        })
    case 'broken UTF-8':
      return fc
        .tuple(
          field,
          fc.constantFrom(
            [0xc3, 0x28],
            [0xff, 0xfe],
            [0xc0, 0xaf],
            [0x80],
            [0xf0, 0x9f, 0x98],
            [0xed, 0xa0, 0x80],
            [0xef, 0xbb, 0xbf],
          ),
          fc.boolean(),
        )
        .map(([name, bytes, inKey]) => {
          // The bytes go inside a field's value, or inside the name of a field of their own.
          const json = inKey
            ? JSON.stringify({ ...valid(), [`a${UUID_PLACEHOLDER}b`]: 'x' })
            : JSON.stringify({ ...valid(), [name]: `a${UUID_PLACEHOLDER}b` })
          const [before = '', after = ''] = json.split(UUID_PLACEHOLDER)
          const body = Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)])
          return {
            label: `bytes ${bytes.map((b) => b.toString(16)).join(' ')} in ${inKey ? 'a key' : name}`,
            framing: 'exact',
            body,
          }
        })
    case 'bad keys in the path': {
      const base = KEYED_PATHS[route]
      if (base === undefined) {
        // A route without a key: its path bent instead.
        const path = pathOf(route, key)
        const [, parent = '', last = ''] = /^(.*\/)([^/]+)$/.exec(path) ?? []
        return fc
          .constantFrom(
            `${path}/`,
            `${path}/..%2f..%2fsubmission`,
            `${path}?event=Started`,
            `${parent}/${last}`,
            `${path}%00`,
            `${parent}${last.toUpperCase()}`,
          )
          .map((bad) => ({
            label: bad,
            path: bad,
            framing: 'exact',
            body: JSON.stringify(valid()),
          }))
      }
      return fc
        .oneof(
          fc.constantFrom(
            '',
            'not-a-uuid',
            `${key}x`,
            `{${key}}`,
            key.replaceAll('-', ''),
            `${key}/extra`,
            '..%2F..%2Fetc%2Fpasswd',
            '%00',
            '%ZZ',
            `${key}%00`,
            'ё'.repeat(36),
            "1' or '1'='1",
          ),
          fc.string({ minLength: 1, maxLength: 80 }).map(encodeURIComponent),
          fc.integer({ min: 1000, max: 12_000 }).map((length) => 'a'.repeat(length)),
        )
        .map((bad) => ({
          label: `key ${JSON.stringify(bad.slice(0, 40))}`,
          path: `${base}${bad}`,
          framing: 'exact',
          body: JSON.stringify(valid()),
        }))
    }
    case 'anti-forgery missing or wrong':
      return fc
        .constantFrom(
          'no cookie',
          'no header',
          'neither',
          'header differs from cookie',
          'forged signature',
          'cross-site request',
          'empty token',
          'token in the body only',
        )
        .map((kind): Draft => {
          const body = JSON.stringify(valid())
          switch (kind) {
            case 'no cookie':
              return { label: kind, framing: 'exact', headers: { cookie: undefined }, body }
            case 'no header':
              return { label: kind, framing: 'exact', headers: { 'x-csrf-token': undefined }, body }
            case 'neither':
              return {
                label: kind,
                framing: 'exact',
                headers: { cookie: undefined, 'x-csrf-token': undefined },
                body,
              }
            case 'header differs from cookie':
              return {
                label: kind,
                framing: 'exact',
                headers: { 'x-csrf-token': 'AAAAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBB' },
                body,
              }
            case 'forged signature':
              return {
                label: kind,
                framing: 'exact',
                headers: {
                  cookie: 'forecourt-csrf=AAAAAAAAAAAAAAAAAAAAAAAA.forged',
                  'x-csrf-token': 'AAAAAAAAAAAAAAAAAAAAAAAA.forged',
                },
                body,
              }
            case 'cross-site request':
              return {
                label: kind,
                framing: 'exact',
                headers: { 'sec-fetch-site': 'cross-site' },
                body,
              }
            case 'empty token':
              return { label: kind, framing: 'exact', headers: { 'x-csrf-token': '' }, body }
            default:
              return {
                label: kind,
                framing: 'exact',
                headers: { 'x-csrf-token': undefined },
                body: JSON.stringify({ ...valid(), csrf: 'AAAAAAAAAAAAAAAAAAAAAAAA.forged' }),
              }
          }
        })
    case 'bad headers':
      return fc
        .tuple(
          fc.constantFrom(
            'a header of 20 KB',
            'two hundred headers',
            'a header name with a space',
            'a header value with a control character',
            'a cookie header of 10 KB',
            'a token of 10 KB',
          ),
          fc.integer({ min: 0, max: 9 }),
        )
        .map(([kind, n]): Draft => {
          const body = JSON.stringify(valid())
          switch (kind) {
            case 'a header of 20 KB':
              return {
                label: kind,
                framing: 'exact',
                headers: { 'x-big': 'x'.repeat(20_000 + n) },
                body,
              }
            case 'two hundred headers':
              return {
                label: kind,
                framing: 'exact',
                headers: Object.fromEntries(
                  Array.from({ length: 200 }, (_, i) => [`x-extra-${i}`, String(i * n)]),
                ),
                body,
              }
            case 'a header name with a space':
              return { label: kind, framing: 'exact', headers: { 'bad name': 'x' }, body }
            case 'a header value with a control character':
              return { label: kind, framing: 'exact', headers: { 'x-bad': `a\u0001b${n}` }, body }
            case 'a cookie header of 10 KB':
              return {
                label: kind,
                framing: 'exact',
                headers: { cookie: `forecourt-csrf=${'c'.repeat(10_000)}` },
                body,
              }
            default:
              return {
                label: kind,
                framing: 'exact',
                headers: { 'x-csrf-token': 't'.repeat(10_000) },
                body,
              }
          }
        })
    case 'prototype keys':
      return fc
        .constantFrom(
          '{"__proto__":{"polluted":true}}',
          '{"constructor":{"prototype":{"polluted":true}}}',
          'MERGE{"__proto__":{"affiliateKey":"x"}}',
          'MERGE{"constructor":{"prototype":{"admin":true}}}',
        )
        .map((text) => ({
          label: text.slice(0, 40),
          framing: 'exact',
          body: text.startsWith('MERGE')
            ? JSON.stringify(valid()).replace(/}$/, `,${text.slice(6, -1)}}`)
            : text,
        }))
    case 'extreme numbers':
      return fc
        .tuple(
          field,
          fc.constantFrom(
            '1e400',
            '-1e400',
            '1e-400',
            '-0',
            '123456789012345678901234567890',
            '0x10',
            'NaN',
            'Infinity',
            '01',
          ),
        )
        .map(([name, number]) => ({
          label: `${name} = ${number}`,
          framing: 'exact',
          body: JSON.stringify({ ...valid(), [name]: UUID_PLACEHOLDER }).replace(
            `"${UUID_PLACEHOLDER}"`,
            number,
          ),
          key,
        }))
  }
}

/**
 * `perCategory` cases of every category for every route, the same ones for the same seed. Each case
 * carries a fresh UUID in its path, so nothing one case stores is ever confused with another.
 */
export function malformedCases(
  context: CaseContext,
  options: { perCategory: number; seed: number; routes?: readonly WriteRoute[] },
): MalformedCase[] {
  const cases: MalformedCase[] = []
  let seed = options.seed
  for (const route of options.routes ?? KNOWN_WRITE_ROUTES) {
    for (const category of CATEGORIES) {
      seed += 1
      const drafts = fc.sample(
        fc
          .uuid({ version: 4 })
          .chain((key) => categoryArbitrary(route, category, key).map((draft) => ({ draft, key }))),
        { numRuns: options.perCategory, seed },
      )
      for (const { draft, key } of drafts) {
        // The secret of the browser that started the application, as every write to a key carries it:
        // without it the server refuses the write before its body is read (decision 1801), and the
        // malformed body would never be tried.
        const headers: Record<string, string> = withBrowserSecret(pathOf(route, key), {
          host: context.host,
          'content-type': 'application/json',
          ...context.antiForgery,
        })
        for (const [name, value] of Object.entries(draft.headers ?? {})) {
          if (value === undefined) delete headers[name]
          else headers[name] = value
        }
        const { headers: _drafted, path, body, ...rest } = draft
        cases.push({
          ...rest,
          route,
          category,
          method: 'POST',
          path: path ?? pathOf(route, key),
          headers,
          body: typeof body === 'string' ? Buffer.from(body) : body,
          ...(path === undefined &&
          KEYED_PATHS[route] !== undefined &&
          !route.endsWith('{lenderId}')
            ? { key }
            : {}),
        })
      }
    }
  }
  return cases
}

/** The bytes of a case as it goes over a socket. */
export function caseBytes(item: MalformedCase): Buffer {
  const head = [`${item.method} ${item.path} HTTP/1.1`]
  for (const [name, value] of Object.entries(item.headers)) head.push(`${name}: ${value}`)
  let framing = ''
  if (item.framing === 'exact') framing = `content-length: ${item.body.length}\r\n`
  else if (item.framing !== 'none') framing = item.framing.rawHeaders
  // Each case on a connection of its own, closed after the answer.
  return Buffer.concat([
    Buffer.from(`${head.join('\r\n')}\r\nconnection: close\r\n${framing}\r\n`, 'latin1'),
    item.body,
  ])
}

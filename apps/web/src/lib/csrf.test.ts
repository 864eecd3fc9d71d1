import { expect, test } from 'vitest'
import { readCsrfToken } from './csrf'

test.each([
  ['__Host-forecourt-csrf=secure.sig; forecourt-csrf=plain.sig', 'secure.sig'],
  ['forecourt-csrf=plain.sig', 'plain.sig'],
  ['__Host-forecourt-csrf=; forecourt-csrf=plain.sig', 'plain.sig'],
  ['other=1', undefined],
  ['', undefined],
])('the token from %j is %j', (cookies, token) => {
  expect(readCsrfToken(cookies)).toBe(token)
})

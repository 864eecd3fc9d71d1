import { expect, test } from 'vitest'
import { newApplicationSecret, toBase64Url } from './application-secret'

test('base64url has no padding and uses - and _', () => {
  expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8')
  expect(toBase64Url(new Uint8Array([0, 0, 0]))).toBe('AAAA')
  expect(toBase64Url(new Uint8Array([]))).toBe('')
})

test('a secret is 256 random bits: 43 base64url characters, different each time', () => {
  const first = newApplicationSecret()
  expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(newApplicationSecret()).not.toBe(first)
})

test('a secret is made from the bytes the random source gives', () => {
  expect(newApplicationSecret((bytes) => bytes.fill(255))).toBe(`${'_'.repeat(42)}8`)
})

import { expect, test } from 'vitest'
import { readCookie } from './cookies'

test.each([
  ['a=1; b=2', 'b', '2'],
  ['a=1;b=2', 'a', '1'],
  ['utm_source=news%20letter', 'utm_source', 'news letter'],
  ['_fbp=fb.1.1700000000.123', '_fbp', 'fb.1.1700000000.123'],
  ['token=a=b', 'token', 'a=b'],
  ['bad=%E0%A4%A', 'bad', '%E0%A4%A'],
  ['a=1', 'missing', undefined],
  ['', 'a', undefined],
  ['xa=1', 'a', undefined],
])('readCookie(%j, %j) gives %j', (cookies, name, expected) => {
  expect(readCookie(cookies, name)).toBe(expected)
})

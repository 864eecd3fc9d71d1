import { expect, test } from 'vitest'
import { mailtoHref, telephoneHref } from './contact'

test.each([
  ['0117 496 0731', 'tel:+441174960731'],
  ['020 7946 0123', 'tel:+442079460123'],
  ['0800 123 4567', 'tel:+448001234567'],
  ['07700 900123', 'tel:+447700900123'],
])('%j is dialled as %s', (phone, href) => {
  expect(telephoneHref(phone)).toBe(href)
})

test('an email address becomes a mailto: link', () => {
  expect(mailtoHref('hello@harbourlend.example')).toBe('mailto:hello@harbourlend.example')
})

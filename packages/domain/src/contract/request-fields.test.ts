import { expect, test } from 'vitest'
import {
  ListFilterSchema,
  NoteBodySchema,
  PasswordChangeBodySchema,
  REQUEST_MESSAGES,
  SignInBodySchema,
} from './back-office-requests'
import { inFieldOrder, readFields } from './request-fields'

test('every field at fault is named once, with its schema’s words, in the schema’s order', () => {
  expect(readFields(SignInBodySchema, { code: ' ', password: 7 })).toEqual({
    ok: false,
    values: {},
    errors: [
      { field: 'email', message: REQUEST_MESSAGES.email },
      { field: 'password', message: REQUEST_MESSAGES.password },
      { field: 'code', message: REQUEST_MESSAGES.code },
    ],
  })
  expect(
    readFields(SignInBodySchema, { email: ' a@b.co ', password: 'p', code: '123 456' }),
  ).toEqual({ ok: true, values: { email: 'a@b.co', password: 'p', code: '123456' }, errors: [] })
})

test('a body that is not an object reads as one with no fields', () => {
  for (const body of [null, undefined, 'text', [{ text: 'a note' }]]) {
    expect(readFields(NoteBodySchema, body).errors).toEqual([
      { field: 'text', message: REQUEST_MESSAGES.noteText },
    ])
  }
})

test('a note is counted in characters as a person counts them, once trimmed', () => {
  expect(readFields(NoteBodySchema, { text: ` ${'😀'.repeat(2000)} ` }).ok).toBe(true)
  expect(readFields(NoteBodySchema, { text: '😀'.repeat(2001) }).ok).toBe(false)
})

test('a list filter reads as a query string carries it: empty is absent, a number is its text', () => {
  expect(readFields(ListFilterSchema, { brand: '', limit: 20, kind: ' partial ' })).toEqual({
    ok: true,
    values: { limit: 20, kind: 'partial' },
    errors: [],
  })
  expect(
    readFields(ListFilterSchema, { limit: '0', status: 'lost', decision: 'none' }).errors,
  ).toEqual([
    { field: 'status', message: REQUEST_MESSAGES.status },
    { field: 'limit', message: REQUEST_MESSAGES.limit },
  ])
})

test('the server’s own problems join the schema’s in the order of its fields', () => {
  const read = readFields(PasswordChangeBodySchema, { newPassword: 'short' })
  read.errors.push({ field: 'newPassword', message: 'Too short' })
  expect(inFieldOrder(PasswordChangeBodySchema, read.errors)).toEqual([
    { field: 'currentPassword', message: REQUEST_MESSAGES.currentPassword },
    { field: 'newPassword', message: 'Too short' },
    { field: 'code', message: REQUEST_MESSAGES.code },
  ])
})

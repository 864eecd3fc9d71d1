import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import {
  createInitialState,
  type ApplicationState,
} from '@forecourt/domain/state/application-state'
import { createStore } from 'zustand/vanilla'
import { partialSaveUrl, startPartialSave } from './partial-save'

const GUID = '0b0c9b4e-1d2f-4e5a-9b6c-7d8e9f0a1b2c'
const NOW = new Date('2025-06-02T09:20:00.000Z')
const brand = brands.carfinance

let stop: (() => void) | undefined

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})

afterEach(() => {
  stop?.()
  stop = undefined
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function started(
  post = vi.fn(async (_url: string, _body: unknown): Promise<unknown> => ({ status: 'saved' })),
) {
  const initial = createInitialState()
  initial.GUID = GUID
  initial.appliedDate = '2025-06-02T09:15:00.000Z'
  initial.affiliateConfig = { brandId: 'carfinance', affiliateKey: brand.affiliateKey }
  const store = createStore<ApplicationState>()(() => initial)
  const change = (mutator: (draft: ApplicationState) => void) => {
    const draft = structuredClone(store.getState())
    mutator(draft)
    store.setState(draft, true)
  }
  stop = startPartialSave({
    getState: store.getState,
    subscribe: (listener) => store.subscribe(listener),
    brandFor: () => brand,
    post,
    now: () => NOW,
  })
  return { post, change, store }
}

const withContact = (draft: ApplicationState) => {
  draft.form.firstName = 'Ada'
  draft.form.lastName = 'Lovelace'
  draft.form.email = 'ada@example.com'
  draft.form.contactNumber = '07911123456'
}

test('nothing is saved until first name, last name, email and phone are all present', async () => {
  const { post, change } = started()
  change((draft) => {
    draft.form.firstName = 'Ada'
    draft.form.lastName = 'Lovelace'
    draft.form.email = 'ada@example.com'
  })
  await vi.advanceTimersByTimeAsync(10_000)
  expect(post).not.toHaveBeenCalled()
})

test('once they are, the partial payload is POSTed to the GUID’s address 2 s later', async () => {
  const { post, change, store } = started()
  change(withContact)
  await vi.advanceTimersByTimeAsync(1999)
  expect(post).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(post).toHaveBeenCalledTimes(1)
  expect(post).toHaveBeenCalledWith(
    `/api/application/${GUID}`,
    toPartialPayload(store.getState(), { brand, now: NOW }),
  )
})

test('a change is saved again once answers have rested for 2 s; no change, no save', async () => {
  const { post, change } = started()
  change(withContact)
  await vi.advanceTimersByTimeAsync(2000)
  change((draft) => void (draft.form.maritalStatus = 'Single'))
  await vi.advanceTimersByTimeAsync(1000)
  change((draft) => void (draft.form.drivingLicenceType = 'Full UK'))
  await vi.advanceTimersByTimeAsync(1999)
  expect(post).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(post).toHaveBeenCalledTimes(2)
  expect(post.mock.calls[1]![1]).toMatchObject({
    maritalStatus: 'Single',
    drivingLicenceType: 'Full UK',
  })
  change((draft) => void (draft.isEnabledGoBack = true))
  await vi.advanceTimersByTimeAsync(5000)
  expect(post).toHaveBeenCalledTimes(2)
})

test('nothing is saved once the application is being submitted', async () => {
  const { post, change } = started()
  change(withContact)
  await vi.advanceTimersByTimeAsync(1000)
  change((draft) => {
    draft.form.maritalStatus = 'Single'
    draft.isLocked = true
  })
  await vi.advanceTimersByTimeAsync(10_000)
  expect(post).not.toHaveBeenCalled()
})

test('a failure is logged without personal data and the answers are sent again with the next change', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const post = vi
    .fn(async (_url: string, _body: unknown): Promise<unknown> => ({ status: 'saved' }))
    .mockRejectedValueOnce(new Error('Request failed with status code 503'))
  const { change } = started(post)
  change(withContact)
  await vi.advanceTimersByTimeAsync(2000)
  expect(warn).toHaveBeenCalledWith('Partial save failed: Request failed with status code 503')
  expect(JSON.stringify(warn.mock.calls)).not.toContain('Ada')
  change((draft) => void (draft.form.maritalStatus = 'Single'))
  await vi.advanceTimersByTimeAsync(2000)
  expect(post).toHaveBeenCalledTimes(2)
})

test('the partials host is put before the path', () => {
  expect(partialSaveUrl(GUID, 'https://partials.example')).toBe(
    `https://partials.example/api/application/${GUID}`,
  )
})

import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toPartialPayload } from '@forecourt/domain/payload/partial-payload'
import {
  createInitialState,
  type ApplicationState,
} from '@forecourt/domain/state/application-state'
import { createStore } from 'zustand/vanilla'
import { partialSaveUrl, startPartialSave, whenPageHidden } from './partial-save'

const GUID = '0b0c9b4e-1d2f-4e5a-9b6c-7d8e9f0a1b2c'
const SECRET = 'c2VjcmV0LW9mLXRoaXMtYnJvd3Nlci1vbmx5LWhlcmU'
/** Every save carries the secret that binds the application to this browser (decision 1801). */
const SECRET_HEADERS = { 'x-application-secret': SECRET }
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

type Post = (
  url: string,
  body: unknown,
  options: { keepalive: boolean; headers: Record<string, string> },
) => Promise<unknown>

function started(post = vi.fn<Post>(async () => ({ status: 'saved' }))) {
  const initial = createInitialState()
  initial.GUID = GUID
  initial.applicationSecret = SECRET
  initial.appliedDate = '2025-06-02T09:15:00.000Z'
  initial.affiliateConfig = { brandId: 'carfinance', affiliateKey: brand.affiliateKey }
  const store = createStore<ApplicationState>()(() => initial)
  const change = (mutator: (draft: ApplicationState) => void) => {
    const draft = structuredClone(store.getState())
    mutator(draft)
    store.setState(draft, true)
  }
  let hide: () => void = () => {}
  stop = startPartialSave({
    getState: store.getState,
    subscribe: (listener) => store.subscribe(listener),
    brandFor: () => brand,
    post,
    now: () => NOW,
    onPageHidden: (listener) => {
      hide = listener
      return () => (hide = () => {})
    },
  })
  return { post, change, store, hide: () => hide() }
}

const withContact = (draft: ApplicationState) => {
  draft.form.firstName = 'Ada'
  draft.form.lastName = 'Lovelace'
  draft.form.email = 'ada@example.com'
  draft.form.contactNumber = '07911123456'
}

const sentBody = (post: ReturnType<typeof vi.fn<Post>>, call: number) =>
  post.mock.calls[call]![1] as Record<string, unknown>

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

test('the first save is POSTed to the GUID’s address at once, the moment the four are present', async () => {
  const { post, change, store } = started()
  change(withContact)
  await vi.advanceTimersByTimeAsync(0)
  expect(post).toHaveBeenCalledTimes(1)
  expect(post).toHaveBeenCalledWith(
    `/api/application/${GUID}`,
    toPartialPayload(store.getState(), { brand, now: NOW }),
    { keepalive: false, headers: SECRET_HEADERS },
  )
})

test('an applicant who answers a screen every second is saved every 2 s, not only after a pause', async () => {
  const { post, change } = started()
  change(withContact)
  const answers: [string, (draft: ApplicationState) => void][] = [
    ['maritalStatus', (d) => void (d.form.maritalStatus = 'Single')],
    ['drivingLicenceType', (d) => void (d.form.drivingLicenceType = 'Full UK')],
    ['title', (d) => void (d.form.title = 'Dr')],
    ['netMonthlyIncome', (d) => void (d.form.netMonthlyIncome = 2100)],
    ['lookingToBuy', (d) => void (d.form.lookingToBuy = 'found')],
    ['term', (d) => void (d.form.term = 48)],
  ]
  for (const [, answer] of answers) {
    await vi.advanceTimersByTimeAsync(1000)
    change(answer)
  }
  // Saves at t = 0 (the contact details), 2000, 4000 and 6000 (the answers of each cool-down); the
  // answer given at t = 6000 goes when that cool-down ends.
  expect(post).toHaveBeenCalledTimes(4)
  await vi.advanceTimersByTimeAsync(2000)
  expect(post).toHaveBeenCalledTimes(5)
  expect(sentBody(post, 4)).toMatchObject({
    maritalStatus: 'Single',
    drivingLicenceType: 'Full UK',
    title: 'Dr',
    netMonthlyIncome: 2100,
    term: 48,
  })
  await vi.advanceTimersByTimeAsync(10_000)
  expect(post).toHaveBeenCalledTimes(5)
})

test('never more than one save in any 2 s while answers change, and the last answers are always sent', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const sentAt: number[] = []
  const { post, change } = started(
    vi.fn<Post>(async () => {
      sentAt.push(Date.now())
      return { status: 'saved' }
    }),
  )
  change(withContact)
  for (let keystroke = 1; keystroke <= 40; keystroke += 1) {
    change((draft) => void (draft.form.lastName = `Lovelace${keystroke}`))
    await vi.advanceTimersByTimeAsync(150)
  }
  await vi.advanceTimersByTimeAsync(2000)
  for (let i = 1; i < sentAt.length; i += 1) {
    expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(2000)
  }
  expect(sentAt.length).toBeGreaterThanOrEqual(3)
  expect(sentBody(post, post.mock.calls.length - 1).lastName).toBe('Lovelace40')
})

test('a change that does not alter the payload sends nothing and does not hold the next save back', async () => {
  const { post, change } = started()
  change(withContact)
  await vi.advanceTimersByTimeAsync(2000)
  expect(post).toHaveBeenCalledTimes(1)
  change((draft) => void (draft.isEnabledGoBack = true))
  await vi.advanceTimersByTimeAsync(5000)
  expect(post).toHaveBeenCalledTimes(1)
  change((draft) => void (draft.form.maritalStatus = 'Single'))
  await vi.advanceTimersByTimeAsync(0)
  expect(post).toHaveBeenCalledTimes(2)
})

test('when the page is hidden, unsaved answers go at once with keepalive, even during the 2 s', async () => {
  const { post, change, hide } = started()
  change(withContact)
  await vi.advanceTimersByTimeAsync(500)
  change((draft) => void (draft.form.maritalStatus = 'Married'))
  expect(post).toHaveBeenCalledTimes(1)
  hide()
  await vi.advanceTimersByTimeAsync(0)
  expect(post).toHaveBeenCalledTimes(2)
  expect(post.mock.calls[1]![0]).toBe(`/api/application/${GUID}`)
  expect(post.mock.calls[1]![2]).toEqual({ keepalive: true, headers: SECRET_HEADERS })
  expect(sentBody(post, 1)).toMatchObject({ maritalStatus: 'Married' })
  // Nothing is left for the trailing save.
  await vi.advanceTimersByTimeAsync(5000)
  expect(post).toHaveBeenCalledTimes(2)
})

test('hiding the page with everything saved sends nothing', async () => {
  const { post, change, hide } = started()
  change(withContact)
  await vi.advanceTimersByTimeAsync(3000)
  hide()
  await vi.advanceTimersByTimeAsync(3000)
  expect(post).toHaveBeenCalledTimes(1)
  expect(post.mock.calls[0]![2]).toEqual({ keepalive: false, headers: SECRET_HEADERS })
})

test('a save still waiting behind a slow one is dropped once a newer save has gone', async () => {
  let answerFirst: (value: unknown) => void = () => {}
  const post = vi
    .fn<Post>(async () => ({ status: 'saved' }))
    .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
  const { change, hide } = started(post)
  change(withContact)
  await vi.advanceTimersByTimeAsync(100)
  change((draft) => void (draft.form.maritalStatus = 'Single'))
  await vi.advanceTimersByTimeAsync(2000)
  // The trailing save waits for the first, which has not been answered.
  expect(post).toHaveBeenCalledTimes(1)
  change((draft) => void (draft.form.maritalStatus = 'Married'))
  hide()
  await vi.advanceTimersByTimeAsync(0)
  expect(post).toHaveBeenCalledTimes(2)
  expect(sentBody(post, 1)).toMatchObject({ maritalStatus: 'Married' })
  answerFirst({ status: 'saved' })
  await vi.advanceTimersByTimeAsync(5000)
  // The waiting one held 'Single': older than what the server already has.
  expect(post).toHaveBeenCalledTimes(2)
})

test('nothing is saved once the application is being submitted, not even when the page is hidden', async () => {
  const { post, change, hide } = started()
  change((draft) => {
    withContact(draft)
    draft.isLocked = true
  })
  change((draft) => void (draft.form.maritalStatus = 'Single'))
  hide()
  await vi.advanceTimersByTimeAsync(10_000)
  expect(post).not.toHaveBeenCalled()
})

test('a trailing save due when submitting starts is not sent', async () => {
  const { post, change } = started()
  change(withContact)
  await vi.advanceTimersByTimeAsync(500)
  change((draft) => {
    draft.form.maritalStatus = 'Single'
    draft.isLocked = true
  })
  await vi.advanceTimersByTimeAsync(10_000)
  expect(post).toHaveBeenCalledTimes(1)
})

test('a failure is logged without personal data and the answers are sent again with the next change', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const post = vi
    .fn<Post>(async () => ({ status: 'saved' }))
    .mockRejectedValueOnce(new Error('Request failed with status code 503'))
  const { change } = started(post)
  change(withContact)
  await vi.advanceTimersByTimeAsync(0)
  expect(warn).toHaveBeenCalledWith('Partial save failed: Request failed with status code 503')
  expect(JSON.stringify(warn.mock.calls)).not.toContain('Ada')
  await vi.advanceTimersByTimeAsync(2000)
  change((draft) => void (draft.form.maritalStatus = 'Single'))
  await vi.advanceTimersByTimeAsync(0)
  expect(post).toHaveBeenCalledTimes(2)
})

test('a reload with the contact details already given saves at once', async () => {
  const initial = createInitialState()
  initial.GUID = GUID
  initial.affiliateConfig = { brandId: 'carfinance', affiliateKey: brand.affiliateKey }
  withContact(initial)
  const post = vi.fn<Post>(async () => ({ status: 'saved' }))
  const store = createStore<ApplicationState>()(() => initial)
  stop = startPartialSave({
    getState: store.getState,
    subscribe: (listener) => store.subscribe(listener),
    brandFor: () => brand,
    post,
    now: () => NOW,
    onPageHidden: () => () => {},
  })
  await vi.advanceTimersByTimeAsync(0)
  expect(post).toHaveBeenCalledTimes(1)
})

test('the partials host is put before the path', () => {
  expect(partialSaveUrl(GUID, 'https://partials.example')).toBe(
    `https://partials.example/api/application/${GUID}`,
  )
})

test('the page counts as hidden on visibilitychange to hidden and on pagehide, not when shown again', () => {
  const listener = vi.fn()
  const stopListening = whenPageHidden(listener)
  const visibility = vi.spyOn(document, 'visibilityState', 'get')
  visibility.mockReturnValue('visible')
  document.dispatchEvent(new Event('visibilitychange'))
  expect(listener).not.toHaveBeenCalled()
  visibility.mockReturnValue('hidden')
  document.dispatchEvent(new Event('visibilitychange'))
  expect(listener).toHaveBeenCalledTimes(1)
  window.dispatchEvent(new Event('pagehide'))
  expect(listener).toHaveBeenCalledTimes(2)
  stopListening()
  document.dispatchEvent(new Event('visibilitychange'))
  window.dispatchEvent(new Event('pagehide'))
  expect(listener).toHaveBeenCalledTimes(2)
})

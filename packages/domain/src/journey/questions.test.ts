// Nothing asked is dropped (decision 1503): every question of the journey table is listed with the
// payload field its answer lands in, and walks through the journey check each one against what the
// mapper sends. A step without its questions, a screen that writes a field no question names, or a
// question whose answer is not where the list says, fails here.

import fc from 'fast-check'
import { expect, test } from 'vitest'
import { BRAND_IDS, brands } from '../brands/brand-data'
import { formatDateOfBirthForSending, type CalendarDate } from '../fields/date-of-birth'
import { normaliseName } from '../fields/name'
import { normalisePhoneForSending } from '../fields/phone'
import { normalisePostcode } from '../fields/postcode'
import { capMonths, capYears, SECURITY_YEARS_CAP_FROM_FORM } from '../fields/years-months'
import { createInitialState } from '../state/application-state'
import { fastCheckChoices, type Forced } from '../../test-support/fast-check-choices'
import { stockVehicle, walkJourney, type Walk } from '../../test-support/journey-walker'
import { journeyVisits } from './navigation'
import { employmentStatusOptions } from './options'
import { questionsByStep, type Question, type SentAs } from './questions'
import { steps } from './steps'

const TODAY: CalendarDate = { year: 2026, month: 11, day: 26 }
const NOW = new Date('2026-11-26T10:30:00.000Z')

/**
 * What a screen writes besides its answers: how the answer was given, not the answer itself.
 * The date parts become the date of birth when the step is completed; the address finder keeps
 * whether an address was typed or chosen (decision 1103), which is not sent (decision 0204).
 */
const KEPT_BESIDE_THE_ANSWERS: Readonly<Record<string, readonly string[]>> = {
  'date-of-birth': ['dobDay', 'dobMonth', 'dobYear'],
  'joint-date-of-birth': ['jointDobDay', 'jointDobMonth', 'jointDobYear'],
  address: [
    'savedAddresses[n].manual',
    'savedAddresses[n].streetAddress',
    'savedAddresses[n].value',
  ],
  'security-address-add': ['form.securityAddress.manual'],
  'joint-address': [
    'jointSavedAddresses[n].manual',
    'jointSavedAddresses[n].streetAddress',
    'jointSavedAddresses[n].value',
  ],
}

/** The value at a questions.ts path ('form.addresses[n].town'), entry n from 1. */
function valueAt(root: unknown, path: string, n: number): unknown {
  const segments = path.replaceAll('[n]', `.${n - 1}`).split('.')
  let value: unknown = root
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string, unknown>)[segment]
  }
  return value
}

function hasPath(root: unknown, path: string): boolean {
  const segments = path.replaceAll('[n]', '.0').split('.')
  let value: unknown = root
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null || !(segment in value)) return false
    value = (value as Record<string, unknown>)[segment]
  }
  return true
}

const SENT: Record<SentAs, (value: never) => unknown> = {
  'as-is': (value) => value,
  trimmed: (value: string) => value.trim(),
  name: (value: string) => normaliseName(value),
  phone: (value: string) => normalisePhoneForSending(value),
  postcode: (value: string) => normalisePostcode(value),
  'date-of-birth': (value: string) => formatDateOfBirthForSending(value),
  years: (value: number) => capYears(value),
  'years-owned': (value: number) => capYears(value, SECURITY_YEARS_CAP_FROM_FORM),
  months: (value: number) => capMonths(value),
}

const noAnswer = (value: unknown) => value === undefined || value === null || value === ''

test('every step of the journey table has its questions listed', () => {
  expect(Object.keys(questionsByStep).sort()).toEqual(steps.map((step) => step.id).sort())
})

test('every question names a field of the application state', () => {
  const state = createInitialState()
  for (const [stepId, questions] of Object.entries(questionsByStep)) {
    for (const question of questions) {
      expect(hasPath(state, question.answer), `${stepId}: ${question.answer}`).toBe(true)
    }
  }
})

test('no two questions keep their answer in the same field or send it to the same place', () => {
  const all = Object.values(questionsByStep).flat()
  const answers = all.map((question) => question.answer)
  const sent = all.map((question) => question.sentAs)
  // The amount is asked on one of two screens, by whether a vehicle was loaded.
  const once = (list: string[]) => list.filter((item, i) => list.indexOf(item) !== i)
  expect(once(answers)).toEqual(['form.loanAmount'])
  expect(once(sent)).toEqual(['loanAmount'])
})

const KINDS = ['house', 'flat', 'named', 'no-street']
const STATUSES = employmentStatusOptions.map((option) => option.value)

/** Walks that between them pass every screen and answer every question, with fixed seeds. */
function walks(): Walk[] {
  const all: Walk[] = []
  for (let i = 0; i < 80; i += 1) {
    const brand = brands[BRAND_IDS[i % BRAND_IDS.length]!]
    const forced: Forced = {
      'address-kind': KINDS[i % 4],
      'address-entry': i % 3 === 0 ? 'manual' : 'lookup',
      'address-county': i % 2 === 0 ? 'West Yorkshire' : '',
      'security-kind': KINDS[(i >> 1) % 4],
      'security-entry': (i >> 3) % 2 === 0 ? 'lookup' : 'manual',
      'security-county': i % 2 === 0 ? 'West Yorkshire' : '',
      'address-locality': i % 2 === 0 ? '' : 'Headingley',
      'security-locality': i % 2 === 0 ? 'Bramhope' : '',
      'loan-kind': i % 2 === 0 ? 'property' : 'vehicle',
      'security-current': i % 10 === 4,
      joint: i % 3 !== 1,
      'joint-same-address': i % 4 === 0,
      'joint-address-kind': KINDS[(i >> 2) % 4],
      'joint-address-entry': i % 5 < 2 ? 'manual' : 'lookup',
      'joint-address-county': i % 2 === 1 ? 'Greater Manchester' : '',
      'joint-address-locality': i % 2 === 0 ? 'Chorlton' : '',
      'joint-address-history': i % 3 === 2 ? 'several' : 'one',
      deposit: i % 4 !== 3,
      'deposit-type': i % 2 === 0 ? 'Cash' : 'Cash and part exchange',
      'amount-unknown': i % 4 === 2,
      'address-history': i % 2 === 0 ? 'several' : 'one',
      'employment-history': i % 3 === 0 ? 'several' : 'one',
      'employment-status': STATUSES[i % STATUSES.length],
      'joint-employment-status': STATUSES[(i + 5) % STATUSES.length],
      'support-needs': i % 2 === 0 ? ' Please call after 5pm. ' : '',
    }
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const choices = fastCheckChoices(g, forced)
        all.push(
          walkJourney({
            brand,
            choices,
            today: TODAY,
            now: NOW,
            guid: g(fc.uuid, { version: 4 }),
            ...(i % 5 === 2 ? { vehicle: stockVehicle(choices) } : {}),
          }),
        )
      }),
      { numRuns: 1, seed: i },
    )
  }
  return all
}

test('every answer lands in the payload where its question says, and every question is answered', () => {
  const answered = new Set<string>()
  for (const walk of walks()) {
    // A step a later change took out of the journey (joint screens after "No") sends nothing.
    const brand = brands[walk.state.affiliateConfig!.brandId as keyof typeof brands]
    const inJourney = new Set(journeyVisits({ state: walk.state, brand }).map((v) => v.path))
    for (const visit of walk.steps) {
      const questions: readonly Question[] = questionsByStep[visit.stepId] ?? []
      // The screen wrote nothing that is not one of its questions.
      const allowed = [
        ...questions.map((question) => question.answer),
        ...(KEPT_BESIDE_THE_ANSWERS[visit.stepId] ?? []),
      ]
      for (const written of visit.written) {
        expect(allowed, `${visit.path} wrote ${written}`).toContain(written)
      }
      if (!inJourney.has(visit.path)) continue
      for (const question of questions) {
        const answer = valueAt(walk.state, question.answer, visit.n)
        if (noAnswer(answer)) continue
        const expected = SENT[question.normalised](answer as never)
        const sent = valueAt(walk.payload, question.sentAs, visit.n)
        expect(sent, `${visit.path}: ${question.answer} → ${question.sentAs}`).toEqual(
          noAnswer(expected) ? undefined : expected,
        )
        answered.add(`${visit.stepId}: ${question.answer}`)
      }
    }
  }
  const listed = Object.entries(questionsByStep).flatMap(([stepId, questions]) =>
    questions.map((question) => `${stepId}: ${question.answer}`),
  )
  expect(listed.filter((question) => !answered.has(question))).toEqual([])
})

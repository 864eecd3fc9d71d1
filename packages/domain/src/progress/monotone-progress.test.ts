import fc from 'fast-check'
import { expect, test } from 'vitest'
import { BRAND_IDS, brands } from '../brands/brand-data'
import type { CalendarDate } from '../fields/date-of-birth'
import { fastCheckChoices } from '../../test-support/fast-check-choices'
import { walkJourney } from '../../test-support/journey-walker'
import { journeyProgress } from './progress'
import { nextShownProgress, NO_PROGRESS_SHOWN, shownPercent } from './monotone-progress'

const TODAY: CalendarDate = { year: 2026, month: 11, day: 26 }
const NOW = new Date('2026-11-26T10:30:00.000Z')

test('a path that grows slows the bar instead of pulling it back: 76 stays 76, then climbs', () => {
  const before = nextShownProgress(NO_PROGRESS_SHOWN, { answered: 19, total: 25, percent: 76 })
  expect(shownPercent(before)).toBe(76)
  // A joint applicant adds six screens: the honest count reads 19 of 31, 61 %.
  const grown = nextShownProgress(before, { answered: 19, total: 31, percent: 61 })
  expect(shownPercent(grown)).toBe(76)
  // What was left, 24 %, is spread over the twelve screens left: 2 % each.
  const next = nextShownProgress(grown, { answered: 20, total: 31, percent: 64 })
  expect(shownPercent(next)).toBe(78)
})

test('100 % only once every screen is answered, however close the share comes', () => {
  let shown = NO_PROGRESS_SHOWN
  for (let answered = 0; answered < 300; answered += 1) {
    shown = nextShownProgress(shown, { answered, total: 300, percent: 0 })
    expect(shownPercent(shown)).toBeLessThanOrEqual(99)
  }
  expect(shownPercent(nextShownProgress(shown, { answered: 300, total: 300, percent: 100 }))).toBe(
    100,
  )
})

test('answers taken back hold the bar, and each screen answered again moves it on', () => {
  const at50 = nextShownProgress(NO_PROGRESS_SHOWN, { answered: 10, total: 20, percent: 50 })
  const back = nextShownProgress(at50, { answered: 8, total: 20, percent: 40 })
  expect(shownPercent(back)).toBe(50)
  const again = nextShownProgress(back, { answered: 9, total: 20, percent: 45 })
  expect(shownPercent(again)).toBeGreaterThan(50)
})

test('over generated counts the bar never falls, except from 100 when a screen reopens', () => {
  const count = fc
    .record({ total: fc.integer({ min: 1, max: 60 }), answered: fc.nat({ max: 60 }) })
    .map(({ total, answered }) => ({ total, answered: Math.min(answered, total), percent: 0 }))
  fc.assert(
    fc.property(fc.array(count, { maxLength: 40 }), (counts) => {
      let shown = NO_PROGRESS_SHOWN
      for (const now of counts) {
        const next = nextShownProgress(shown, now)
        if (shownPercent(shown) < 100)
          expect(shownPercent(next)).toBeGreaterThanOrEqual(shownPercent(shown))
        expect(shownPercent(next) === 100).toBe(now.answered === now.total)
        shown = next
      }
    }),
  )
})

test('over generated journeys on every brand, answers changed from the check page included, the bar never falls and ends at 100', () => {
  fc.assert(
    fc.property(fc.gen(), fc.constantFrom(...BRAND_IDS), (g, id) => {
      const brand = brands[id]
      let shown = NO_PROGRESS_SHOWN
      const seen: number[] = []
      walkJourney({
        brand,
        choices: fastCheckChoices(g),
        today: TODAY,
        now: NOW,
        guid: g(fc.uuid, { version: 4 }),
        afterScreen: (state) => {
          const now = journeyProgress({ state, brand })
          shown = nextShownProgress(shown, now)
          const percent = shownPercent(shown)
          if (seen.length > 0 && seen.at(-1) !== 100) {
            expect(percent, `after ${seen.join(' → ')}`).toBeGreaterThanOrEqual(seen.at(-1) ?? 0)
          }
          expect(percent === 100).toBe(now.answered === now.total)
          seen.push(percent)
        },
      })
      expect(seen.at(-1)).toBe(100)
    }),
    { numRuns: 20 },
  )
})

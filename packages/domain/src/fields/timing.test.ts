import { expect, test } from 'vitest'
import * as timing from './timing'

test('the constants of the requirements (Constants and limits) have the specified values', () => {
  expect({ ...timing }).toEqual({
    START_NEW_RELOAD_MS: 500,
    ERROR_SHAKE_MS: 500,
    VALIDATION_EVENT_DEBOUNCE_MS: 1000,
    EMAIL_DEBOUNCE_MS: 1000,
    YEARS_MONTHS_RECOMPUTE_MS: 100,
    THANK_YOU_REDIRECT_MS: 5000,
    PAGE_PART_LOAD_TIMEOUT_MS: 120000,
    MIN_AGE: 18,
    MAX_AGE_EXCLUSIVE: 80,
  })
})

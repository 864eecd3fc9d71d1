import { afterEach, beforeEach, expect, test } from 'vitest'
import {
  EARLY_CLICKED_ATTRIBUTE,
  EARLY_CLICK_SCRIPT,
  TAKEN_OVER_ATTRIBUTE,
  endEarlyClicks,
  takeEarlyClick,
} from './early-click'

const html = document.documentElement
let stopListening = () => {}

beforeEach(() => {
  // The page's script, as the browser runs it from the page's head, its listener caught so the
  // next test starts without it.
  const added = window.addEventListener
  window.addEventListener = function (this: Window, ...args: Parameters<typeof added>) {
    stopListening = () => window.removeEventListener(...(args as [string, EventListener, boolean]))
    return added.apply(this, args)
  } as typeof added
  new Function(EARLY_CLICK_SCRIPT)()
  window.addEventListener = added
  document.body.innerHTML = `
    <button data-early-click="terms"><span>terms and conditions</span></button>
    <button data-early-click="rejected">Reject analytics cookies</button>
    <button data-early-click="accepted">Accept analytics cookies</button>
    <button>Something else</button>`
})

afterEach(() => {
  stopListening()
  html.removeAttribute(EARLY_CLICKED_ATTRIBUTE)
  html.removeAttribute(TAKEN_OVER_ATTRIBUTE)
  document.body.innerHTML = ''
})

function press(text: string) {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === text)
  ;(button?.querySelector('span') ?? button)?.click()
}

test('the buttons pressed before the app took over are noted in order, each once, others not at all', () => {
  press('Reject analytics cookies')
  press('terms and conditions')
  press('Something else')
  press('Accept analytics cookies')
  press('Reject analytics cookies')
  expect(html.getAttribute(EARLY_CLICKED_ATTRIBUTE)).toBe('terms accepted rejected')
})

test('a press is taken once; of several names, the one pressed last is the answer', () => {
  press('Reject analytics cookies')
  press('terms and conditions')
  press('Accept analytics cookies')
  expect(takeEarlyClick('privacy')).toBeUndefined()
  expect(takeEarlyClick('accepted', 'rejected')).toBe('accepted')
  expect(takeEarlyClick('accepted', 'rejected')).toBeUndefined()
  expect(takeEarlyClick('terms')).toBe('terms')
  expect(html.getAttribute(EARLY_CLICKED_ATTRIBUTE)).toBe('')
})

test('once the first screen has rendered, what was not taken is dropped and later presses are not noted', () => {
  press('terms and conditions')
  endEarlyClicks()
  expect(takeEarlyClick('terms')).toBeUndefined()
  press('Reject analytics cookies')
  expect(html.getAttribute(EARLY_CLICKED_ATTRIBUTE) ?? '').toBe('')
})

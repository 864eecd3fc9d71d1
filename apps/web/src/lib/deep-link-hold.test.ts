import { afterEach, expect, test } from 'vitest'
import {
  DEEP_LINK_HOLD_SCRIPT,
  HOLD_ATTRIBUTE,
  NEW_VISITOR_MOVES_ON_ATTRIBUTE,
  STATE_KEY,
  writeOpenPaths,
} from './deep-link-hold'
import { STORAGE_KEY } from './session-store'

/** Runs the page's script as the page would, before its first paint. */
function runScript(): boolean {
  new Function(DEEP_LINK_HOLD_SCRIPT)()
  return document.documentElement.hasAttribute(HOLD_ATTRIBUTE)
}

afterEach(() => {
  sessionStorage.clear()
  document.documentElement.removeAttribute(HOLD_ATTRIBUTE)
  document.documentElement.removeAttribute(NEW_VISITOR_MOVES_ON_ATTRIBUTE)
  window.history.replaceState(null, '', '/')
})

test('reads the state where the session store saves it', () => {
  expect(STATE_KEY).toBe(STORAGE_KEY)
})

test('a new visitor is held back only on a page that moves a new visitor on', () => {
  window.history.replaceState(null, '', '/date-of-birth')
  expect(runScript()).toBe(false)
  document.documentElement.setAttribute(NEW_VISITOR_MOVES_ON_ATTRIBUTE, '')
  expect(runScript()).toBe(true)
})

test('an applicant is held back on a path their application may not open, by its own list only', () => {
  window.history.replaceState(null, '', '/date-of-birth')
  document.documentElement.setAttribute(NEW_VISITOR_MOVES_ON_ATTRIBUTE, '')
  sessionStorage.setItem(STATE_KEY, JSON.stringify({ applicationId: 'a1' }))
  // No list kept yet: the page shows as before.
  expect(runScript()).toBe(false)
  writeOpenPaths({ applicationId: 'a1', paths: ['/looking-to-borrow', '/term-to-borrow'] })
  expect(runScript()).toBe(true)
  document.documentElement.removeAttribute(HOLD_ATTRIBUTE)
  writeOpenPaths({ applicationId: 'a1', paths: ['/looking-to-borrow', '/date-of-birth'] })
  expect(runScript()).toBe(false)
  // Another application's list says nothing about this one.
  writeOpenPaths({ applicationId: 'a0', paths: ['/looking-to-borrow'] })
  expect(runScript()).toBe(false)
})

test('unreadable storage shows the page as before', () => {
  window.history.replaceState(null, '', '/date-of-birth')
  sessionStorage.setItem(STATE_KEY, '{not json')
  expect(runScript()).toBe(false)
})

import { afterEach, expect, test, vi } from 'vitest'
import { loadTagManager, tagManagerUrl } from './tag-manager'

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove())
  delete window.dataLayer
})

const scripts = () => [...document.querySelectorAll('script')].map((script) => script.src)

test('the container is added once, as a script element from the tag manager', () => {
  expect(loadTagManager('GTM-CFDX9P3')).toBe(true)
  expect(loadTagManager('GTM-CFDX9P3')).toBe(true)
  expect(scripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-CFDX9P3'])
  expect(document.querySelector('script')?.async).toBe(true)
  expect(window.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }])
})

test.each(['', 'GTM-abc', 'GTM-X"><script>', 'UA-12345'])(
  'the id %j is not a tag-manager id: nothing is loaded',
  (gtmId) => {
    expect(tagManagerUrl(gtmId)).toBeNull()
    expect(loadTagManager(gtmId)).toBe(false)
    expect(scripts()).toEqual([])
  },
)

test('onLoad runs when the container has loaded', () => {
  const onLoad = vi.fn()
  loadTagManager('GTM-HRBL7Q2', onLoad)
  expect(onLoad).not.toHaveBeenCalled()
  document.querySelector('script')!.dispatchEvent(new Event('load'))
  expect(onLoad).toHaveBeenCalledTimes(1)
})

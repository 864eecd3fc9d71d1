/* global window, document, location */
// A mid-range phone in Chromium, as Lighthouse emulates one with its DevTools throttling: the Moto G
// Power's screen, the CPU slowed 4 ×, and slow 4G applied by Chromium's own network emulation,
// which adds its latency to each request (it cannot slow TCP round trips), so Lighthouse gives it
// 3.75 round trips of 150 ms per request and 90 % of the throughput. The figures are Lighthouse's
// own constants, read from the installed package.
import { screenEmulationMetrics, throttling } from 'lighthouse/core/config/constants.js'

export const SLOW_4G = throttling.mobileSlow4G
export const CPU_SLOWDOWN = SLOW_4G.cpuSlowdownMultiplier

/** A new browser context with a phone's screen: a new visitor (empty cache and storage). */
export function newPhoneContext(browser) {
  const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile
  return browser.newContext({
    viewport: { width, height },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  })
}

/**
 * Slows the page's CPU and network for as long as the page lives (reloads included: the emulation
 * belongs to the page's target). Returns the CDP session, with the Network domain enabled.
 * @param {import('playwright-core').Page} page
 * @param {number} [cpu] the CPU slow-down (another rate only to compare, never for the report)
 */
export async function throttle(page, cpu = CPU_SLOWDOWN) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  // As lighthouse/core/lib/emulation.js sends them: throughput in bytes per second.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.requestLatencyMs,
    downloadThroughput: Math.floor((SLOW_4G.downloadThroughputKbps * 1024) / 8),
    uploadThroughput: Math.floor((SLOW_4G.uploadThroughputKbps * 1024) / 8),
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
  return cdp
}

/**
 * Every JavaScript response the page receives from now on, with the bytes it took on the wire:
 * Chromium's encodedDataLength, the headers and the body as sent (compressed); the headers' share
 * is what had arrived when the response began. A script served from the browser's cache is
 * counted apart.
 * @param {import('playwright-core').CDPSession} cdp
 */
export function recordScripts(cdp) {
  const byRequest = new Map()
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return
    const encoding = Object.entries(response.headers ?? {}).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    )?.[1]
    byRequest.set(requestId, {
      url: response.url,
      bytes: 0,
      headerBytes: response.encodedDataLength ?? 0,
      encoding: encoding ?? 'none',
      cached: Boolean(response.fromDiskCache || response.fromPrefetchCache),
    })
  })
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = byRequest.get(requestId)
    if (script) script.bytes = encodedDataLength
  })
  return () => {
    const fetched = [...byRequest.values()].filter((script) => !script.cached)
    const bytes = fetched.reduce((sum, script) => sum + script.bytes, 0)
    const headerBytes = fetched.reduce((sum, script) => sum + script.headerBytes, 0)
    return {
      requests: fetched.length,
      bytes,
      bodyBytes: bytes - headerBytes,
      encodings: [...new Set(fetched.map((script) => script.encoding))],
      cached: byRequest.size - fetched.length,
      urls: fetched.map((script) => new URL(script.url).pathname),
    }
  }
}

/**
 * Runs in the page before its own scripts (addInitScript): hands every Event Timing entry of an
 * interaction to the Node side through the `__phoneEvent` binding, with the document it came from
 * (interaction ids start again on each load).
 * @param {number} durationThreshold
 */
export function installEventProbe(durationThreshold) {
  const documentId = `${Date.now()}-${Math.random().toString(36).slice(2)}`
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!(entry.interactionId > 0) || typeof window.__phoneEvent !== 'function') continue
      void window.__phoneEvent({
        document: documentId,
        interactionId: entry.interactionId,
        name: entry.name,
        duration: entry.duration,
        path: location.pathname,
      })
    }
  }).observe({ type: 'event', buffered: true, durationThreshold })
}

/**
 * Runs in the page before its own scripts: keeps the latest Largest Contentful Paint candidate
 * (buffered, so none is missed), and the moment the app took the page over (its h1 has React's
 * props: hydrated, or rendered afresh), both for `readLargestPaint`.
 */
export function installLargestPaintProbe() {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1)
    if (!last) return
    const element = last.element
    const classes =
      element && typeof element.className === 'string' && element.className.trim() !== ''
        ? `.${element.className.trim().split(/\s+/).join('.')}`
        : ''
    window.__phoneLargestPaint = {
      ms: last.startTime,
      element: element
        ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes}`
        : '',
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  const timer = setInterval(() => {
    const heading = document.querySelector('h1')
    if (heading && Object.keys(heading).some((key) => key.startsWith('__reactProps$'))) {
      window.__phoneTakenOverAt = performance.now()
      clearInterval(timer)
    }
  }, 10)
}

/** @param {import('playwright-core').Page} page */
export function readLargestPaint(page) {
  return page.evaluate(() => ({
    largest: window.__phoneLargestPaint,
    takenOverMs: window.__phoneTakenOverAt,
    path: location.pathname,
    heading: document.querySelector('h1')?.textContent?.trim() ?? '',
  }))
}

/**
 * True once the app's code owns the element: React has given it its props (a hydrated element, or
 * one of a fresh render). The pre-rendered page's elements have none.
 * @param {import('playwright-core').Locator} locator
 */
export function ownedByApp(locator) {
  return locator.evaluate((element) =>
    Object.keys(element).some((key) => key.startsWith('__reactProps$')),
  )
}

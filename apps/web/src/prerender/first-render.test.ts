import { expect, test } from 'vitest'
import { chooseFirstRender, readPrerenderedMark, type FirstRenderFacts } from './first-render'

const newVisitor: FirstRenderFacts = {
  mark: { brandId: 'milebroker', path: '/' },
  path: '/',
  brandId: 'milebroker',
  applyHost: false,
  restored: false,
  vehicleId: '',
  vehicleType: 'Car',
  consentRemembered: false,
}

test.each<[string, Partial<FirstRenderFacts>, ReturnType<typeof chooseFirstRender>]>([
  ['a new visitor on the pre-rendered brand and path', {}, 'hydrate'],
  [
    'an empty #root (index.html, any other route)',
    { mark: null, path: '/date-of-birth' },
    'render',
  ],
  ['an empty #root on /', { mark: null }, 'render'],
  [
    'a question’s pre-rendered page, even for a new visitor (the deep-link guard will judge)',
    { mark: { brandId: 'milebroker', path: '/date-of-birth' }, path: '/date-of-birth' },
    'render-over-prerendered',
  ],
  [
    'another brand than the page was rendered for',
    { brandId: 'scorepal' },
    'render-over-prerendered',
  ],
  [
    'another path than the page was rendered for',
    { path: '/privacy-policy' },
    'render-over-prerendered',
  ],
  [
    'the apply host (its modal opens over the start screen)',
    { applyHost: true },
    'render-over-prerendered',
  ],
  ['a saved application restored', { restored: true }, 'render-over-prerendered'],
  ['a vehicle id in the address', { vehicleId: 'demo-car-1' }, 'render-over-prerendered'],
  [
    'a host of another vehicle type (the headline names it)',
    { vehicleType: 'Horsebox' },
    'render-over-prerendered',
  ],
  [
    'a cookie choice made on an earlier visit',
    { consentRemembered: true },
    'render-over-prerendered',
  ],
])('%s: %s', (_name, change, expected) => {
  expect(chooseFirstRender({ ...newVisitor, ...change })).toBe(expected)
})

function rootWith(html: string): Element {
  const container = document.createElement('div')
  container.innerHTML = html
  return container.firstElementChild!
}

test.each<[string, string, ReturnType<typeof readPrerenderedMark>]>([
  [
    'a pre-rendered #root',
    '<div id="root" data-prerendered-brand="harbourlend" data-prerendered-path="/"><div class="shell"></div></div>',
    { brandId: 'harbourlend', path: '/' },
  ],
  ['index.html’s empty #root', '<div id="root"></div>', null],
  [
    'a mark without markup (nothing to hydrate)',
    '<div id="root" data-prerendered-brand="harbourlend" data-prerendered-path="/"></div>',
    null,
  ],
  [
    'markup without a path',
    '<div id="root" data-prerendered-brand="harbourlend"><div class="shell"></div></div>',
    null,
  ],
])('readPrerenderedMark: %s', (_name, html, expected) => {
  expect(readPrerenderedMark(rootWith(html))).toEqual(expected)
})

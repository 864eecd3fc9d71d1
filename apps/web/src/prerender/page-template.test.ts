import { expect, test } from 'vitest'
import {
  buildPrerenderedPage,
  escapeHtml,
  stylesheetHrefs,
  type PrerenderedPageParts,
} from './page-template'

// index.html as `vite build` writes it.
const TEMPLATE = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <title>Apply for vehicle finance</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-Cd34.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Ef56.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

const parts: PrerenderedPageParts = {
  brandId: 'milebroker',
  path: '/',
  markup:
    '<link rel="preload" as="image" href="/brands/milebroker.svg"/><div class="shell"><h1>Finance</h1></div>',
  title: 'Apply for vehicle finance – Mile Broker',
  themeCss: ':root{--brand-colour:#6B2C91}',
  htmlAttributes: { 'data-brand': 'milebroker' },
  inlineStylesheets: [{ href: '/assets/index-Ef56.css', css: 'body{margin:0}' }],
  modulePreloads: [
    '/assets/StartScreen-Gh78.js',
    '/assets/index-Ab12.js',
    '/assets/runtime-Cd34.js',
  ],
}

test('the page carries the markup, title, theme, inline stylesheet and the start screen’s preload, scripts at low priority', () => {
  expect(buildPrerenderedPage(TEMPLATE, parts)).toBe(`<!doctype html>
<html lang="en-GB" data-brand="milebroker">
  <head>
    <meta charset="utf-8" />
    <title>Apply for vehicle finance – Mile Broker</title>
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/runtime-Cd34.js">
    <style>body{margin:0}</style>
  <link rel="preload" as="image" href="/brands/milebroker.svg"/><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/StartScreen-Gh78.js"><style>:root{--brand-colour:#6B2C91}</style></head>
  <body>
    <div id="root" data-prerendered-brand="milebroker" data-prerendered-path="/"><div class="shell"><h1>Finance</h1></div></div>
  </body>
</html>
`)
})

test('a question’s page carries its screen’s stylesheets and the head script’s rule after the shared ones and before the theme', () => {
  const page = buildPrerenderedPage(TEMPLATE, {
    ...parts,
    path: '/date-of-birth',
    screenStylesheets: ['.parts{display:flex}', '.part{margin:0}'],
    modulePreloads: ['/assets/date-of-birth-screen-Ij90.js'],
    headStyle: '[data-x] .banner{display:none}',
  })
  expect(page).toContain(
    '<style>body{margin:0}</style>\n  <link rel="preload" as="image" href="/brands/milebroker.svg"/>' +
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/date-of-birth-screen-Ij90.js">' +
      '<style>.parts{display:flex}</style><style>.part{margin:0}</style>' +
      '<style>[data-x] .banner{display:none}</style>' +
      '<style>:root{--brand-colour:#6B2C91}</style></head>',
  )
  expect(page).toContain('data-prerendered-path="/date-of-birth">')
})

test('markup with a style attribute fails the build: the page’s policy would refuse it', () => {
  expect(() =>
    buildPrerenderedPage(TEMPLATE, {
      ...parts,
      markup: '<div class="progress"><div class="progress-fill" style="width:30%"></div></div>',
    }),
  ).toThrow('The markup has a style attribute: <div class="progress-fill" style=')
})

test('without stylesheets to inline, the link stays', () => {
  const page = buildPrerenderedPage(TEMPLATE, { ...parts, inlineStylesheets: [] })
  expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Ef56.css">')
  expect(page).not.toContain('body{margin:0}')
})

test('markup and title are inserted as they are, `$` patterns included', () => {
  const page = buildPrerenderedPage(TEMPLATE, {
    ...parts,
    markup: "<p>$& $1 $' $$</p>",
    title: 'Tom & Jerry <Finance>',
  })
  expect(page).toContain('data-prerendered-path="/"><p>$& $1 $\' $$</p></div>')
  expect(page).toContain('<title>Tom &amp; Jerry &lt;Finance&gt;</title>')
})

test.each<[string, string, string]>([
  [
    '#root',
    TEMPLATE.replace('<div id="root"></div>', '<main></main>'),
    'expected one <div id="root"></div>, found 0',
  ],
  ['the title', TEMPLATE.replace(/<title>.*<\/title>/, ''), 'expected one <title>, found 0'],
  [
    'the stylesheet to inline',
    TEMPLATE.replace(/<link rel="stylesheet"[^>]*>/, ''),
    'expected one stylesheet link to /assets/index-Ef56.css, found 0',
  ],
  ['a second #root', TEMPLATE.replace('</body>', '<div id="root"></div></body>'), 'found 2'],
])('a template without %s fails the build', (_name, template, message) => {
  expect(() => buildPrerenderedPage(template, parts)).toThrow(message)
})

test('a stylesheet that would end its <style> element early fails the build', () => {
  expect(() =>
    buildPrerenderedPage(TEMPLATE, {
      ...parts,
      inlineStylesheets: [{ href: '/assets/index-Ef56.css', css: 'a{}</style><script>' }],
    }),
  ).toThrow('contains "</style"')
})

test('stylesheetHrefs lists the stylesheet links only, in order', () => {
  const html = TEMPLATE.replace(
    '</head>',
    '<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/assets/b.css"></head>',
  )
  expect(stylesheetHrefs(html)).toEqual(['/assets/index-Ef56.css', '/assets/b.css'])
})

test('escapeHtml escapes the five characters that matter in text and attributes', () => {
  expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
    '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
  )
})

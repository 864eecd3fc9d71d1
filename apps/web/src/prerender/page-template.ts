// Puts a pre-rendered page (the start screen, or a question a deep link opens) into the built index.html (pure string work, run at build time
// by prerender/prerender.mjs). Every replacement checks that its anchor exists, so a change to
// index.html or to Vite's output fails the build instead of shipping a page without its content.

import { PRERENDERED_BRAND_ATTRIBUTE, PRERENDERED_PATH_ATTRIBUTE } from './first-render'

export interface InlineStylesheet {
  /** The href of the <link rel="stylesheet"> the style replaces. */
  href: string
  css: string
}

export interface PrerenderedPageParts {
  brandId: string
  path: string
  markup: string
  title: string
  themeCss: string
  htmlAttributes: Record<string, string>
  /** Stylesheets to put in the page itself, so the first paint waits for no other request. */
  inlineStylesheets: readonly InlineStylesheet[]
  /**
   * The stylesheets of the screen's own chunks, which the page would otherwise get only with their
   * scripts: put in the page too, so the screen is drawn as it will stay (docs/decisions/1941).
   */
  screenStylesheets?: readonly string[]
  /** Scripts the page will need at once (the start screen's chunk): fetched beside the entry. */
  modulePreloads: readonly string[]
  /**
   * A script to run before the first paint (a question's page: docs/decisions/2156), in the head
   * after the styles; the server names it by its hash in the page's policy.
   */
  headScript?: string
  /** A rule the head script's marks switch on (remembered-consent.ts), with the page's own styles. */
  headStyle?: string
}

const ROOT = '<div id="root"></div>'

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function styleElement(css: string): string {
  // The only way out of a <style> element is its end tag.
  if (/<\/style/i.test(css)) throw new Error('A stylesheet to inline contains "</style"')
  return `<style>${css}</style>`
}

function scriptElement(source: string): string {
  if (/<\/script/i.test(source)) throw new Error('A script to inline contains "</script"')
  return `<script>${source}</script>`
}

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  let found = 0
  const everywhere = pattern.flags.includes('g') ? pattern : new RegExp(pattern.source, 'g')
  // A function replacer: the markup may contain `$&` and friends, which a string would expand.
  const result = html.replace(everywhere, () => {
    found += 1
    return replacement
  })
  if (found !== 1) throw new Error(`index.html: expected one ${what}, found ${found}`)
  return result
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** index.html with the brand's page inside #root, its title, theme and styles. */
export function buildPrerenderedPage(template: string, parts: PrerenderedPageParts): string {
  let html = template

  const htmlMatch = /<html\b([^>]*)>/.exec(html)
  if (!htmlMatch) throw new Error('index.html: expected an <html> element')
  const extra = Object.entries(parts.htmlAttributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('')
  html = replaceOnce(html, /<html\b[^>]*>/, `<html${htmlMatch[1]}${extra}>`, '<html> element')

  html = replaceOnce(
    html,
    /<title>[\s\S]*?<\/title>/,
    `<title>${escapeHtml(parts.title)}</title>`,
    '<title>',
  )

  for (const { href, css } of parts.inlineStylesheets) {
    html = replaceOnce(
      html,
      new RegExp(`<link\\b[^>]*\\brel="stylesheet"[^>]*\\bhref="${escapeRegExp(href)}"[^>]*>`),
      styleElement(css),
      `stylesheet link to ${href}`,
    )
  }

  const preloads = parts.modulePreloads
    .filter((href) => !html.includes(`href="${href}"`) && !html.includes(`src="${href}"`))
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
  // React puts resource hints (the logo's preload) before a partial page's markup: they belong in
  // the head, and the browser's tree has no such element to hydrate.
  const { hints, markup } = splitLeadingLinks(parts.markup)
  // The policy refuses style attributes (style-src without 'unsafe-inline'): the browser would
  // draw the element without them and report each one as an error.
  const styled = /<[a-z][^<>]*\sstyle=/i.exec(markup)
  if (styled) throw new Error(`The markup has a style attribute: ${styled[0].slice(0, 80)}`)
  const screenStyles = [
    ...(parts.screenStylesheets ?? []),
    ...(parts.headStyle ? [parts.headStyle] : []),
  ]
    .map(styleElement)
    .join('')
  // The theme comes after every stylesheet: its :root rule must win over their fallbacks.
  html = replaceOnce(
    html,
    /<\/head>/,
    `${hints}${preloads.join('')}${screenStyles}${styleElement(parts.themeCss)}` +
      `${parts.headScript === undefined ? '' : scriptElement(parts.headScript)}</head>`,
    '</head>',
  )

  // The page reads without its scripts: they load behind the document, so the first paint never
  // waits for them (Lighthouse counts a high-priority script that ran before the first paint as
  // blocking it, even one that only needed to run before the first input).
  html = html
    .replace(
      /<script type="module"(?![^>]*fetchpriority)/g,
      '<script type="module" fetchpriority="low"',
    )
    .replace(
      /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
      '<link rel="modulepreload" fetchpriority="low"',
    )

  const mark =
    ` ${PRERENDERED_BRAND_ATTRIBUTE}="${escapeHtml(parts.brandId)}"` +
    ` ${PRERENDERED_PATH_ATTRIBUTE}="${escapeHtml(parts.path)}"`
  html = replaceOnce(
    html,
    new RegExp(escapeRegExp(ROOT)),
    `<div id="root"${mark}>${markup}</div>`,
    ROOT,
  )
  return html
}

function splitLeadingLinks(markup: string): { hints: string; markup: string } {
  const hints = /^(?:<link\b[^>]*>)*/.exec(markup)?.[0] ?? ''
  return { hints, markup: markup.slice(hints.length) }
}

/** The stylesheet links of a built index.html, in order. */
export function stylesheetHrefs(html: string): string[] {
  const hrefs: string[] = []
  for (const [link] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="stylesheet"/.test(link)) continue
    const href = /\bhref="([^"]+)"/.exec(link)?.[1]
    if (href) hrefs.push(href)
  }
  return hrefs
}

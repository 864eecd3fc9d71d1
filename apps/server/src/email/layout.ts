// One layout for every message: the brand's name on its colour, the content, and the firm's footer, as a
// plain-text part (a paragraph per line: mail programs wrap it) and an accessible HTML part made from the same blocks (headings in order, descriptive
// link text, text colours at 4.5:1 or more, no images and so no tracking pixel). Decision 1652.

import type { Brand } from '@forecourt/domain/brands/brand'

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** `text` is the whole link text, so it makes sense read alone. */
  | { kind: 'link'; text: string; href: string }
  | { kind: 'facts'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** Numbered steps, in order. */
  | { kind: 'steps'; items: readonly string[] }
  /** A risk warning, in bold so that it stands out as the page shows it. */
  | { kind: 'warning'; text: string }

export interface RenderedEmail {
  subject: string
  text: string
  html: string
}

export interface LayoutInput {
  brand: Brand
  subject: string
  /** The message's main heading (the HTML's only h1). */
  title: string
  blocks: readonly Block[]
  /** The last line above the firm's details: why this message needs no unsubscribe link. */
  footnote: string
}

const BODY_TEXT = '#0B0C0C'
const BACKGROUND = '#FFFFFF'
const MUTED_TEXT = '#505A5F'

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function textBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${block.text}\n${'-'.repeat(block.text.length)}`
    case 'paragraph':
      return block.text
    case 'link':
      return `${block.text}:\n${block.href}`
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n')
    case 'steps':
      return block.items.map((item, index) => `${index + 1}. ${item}`).join('\n')
    case 'warning':
      return `WARNING: ${block.text}`
  }
}

function htmlBlock(block: Block, brand: Brand): string {
  switch (block.kind) {
    case 'heading':
      return `<h2 style="font-size:20px;line-height:1.3;margin:28px 0 8px">${escapeHtml(block.text)}</h2>`
    case 'paragraph':
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`
    case 'link':
      // The brand colour passes 4.5:1 on white (the brand check), so it is a readable link colour.
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="color:${brand.colour};text-decoration:underline">${escapeHtml(block.text)}</a></p>`
    case 'facts':
      return `<dl style="margin:0 0 16px">${block.rows
        .map(
          ([label, value]) =>
            `<dt style="font-weight:bold;margin:0">${escapeHtml(label)}</dt><dd style="margin:0 0 8px">${escapeHtml(value)}</dd>`,
        )
        .join('')}</dl>`
    case 'steps':
      return `<ol style="margin:0 0 16px;padding-left:24px">${block.items
        .map((item) => `<li style="margin:0 0 8px">${escapeHtml(item)}</li>`)
        .join('')}</ol>`
    case 'warning':
      return `<p style="margin:0 0 16px;font-weight:bold">${escapeHtml(block.text)}</p>`
  }
}

function footerLines(brand: Brand): string[] {
  return [brand.firm.legalName, brand.firm.regulatoryStatement, brand.firm.postalAddress]
}

export function renderLayout(input: LayoutInput): RenderedEmail {
  const { brand } = input
  const text = [
    brand.tradingName,
    '',
    `${input.title}\n${'='.repeat(input.title.length)}`,
    ...input.blocks.flatMap((block) => ['', textBlock(block)]),
    '',
    input.footnote,
    '',
    '--',
    ...footerLines(brand),
    '',
  ].join('\n')

  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${BACKGROUND};color:${BODY_TEXT};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:640px;margin:0 auto">
<header style="background:${brand.colour};color:${brand.textOnColour};padding:16px 24px">
<p style="margin:0;font-size:22px;font-weight:bold">${escapeHtml(brand.tradingName)}</p>
</header>
<main style="padding:8px 24px 16px">
<h1 style="font-size:26px;line-height:1.25;margin:24px 0 16px">${escapeHtml(input.title)}</h1>
${input.blocks.map((block) => htmlBlock(block, brand)).join('\n')}
<p style="margin:24px 0 0;color:${MUTED_TEXT};font-size:14px">${escapeHtml(input.footnote)}</p>
</main>
<footer style="border-top:4px solid ${brand.colour};padding:16px 24px;color:${MUTED_TEXT};font-size:14px">
${footerLines(brand)
  .map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`)
  .join('\n')}
</footer>
</div>
</body>
</html>
`
  return { subject: input.subject, text, html }
}

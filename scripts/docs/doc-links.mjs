// Links in the project's Markdown, and citations of its documents in code, checked against the files and
// headings they point at. Headings become anchors the way GitHub makes them: lower case, punctuation
// dropped, each space a hyphen, a repeated heading suffixed -1, -2, …
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

const FENCED_BLOCK = /^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm

/** Code blocks and code spans hold examples, not links or headings. */
function withoutCode(markdown) {
  return markdown.replace(FENCED_BLOCK, '').replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length))
}

export function slugify(heading) {
  return heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** The anchors a Markdown text offers: its headings' slugs, and `<a id>` / `<a name>` anchors. */
export function anchorsOf(markdown) {
  const anchors = new Set()
  const seen = new Map()
  const text = markdown.replace(FENCED_BLOCK, '')
  for (const match of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const slug = slugify(match[1])
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1])
  return anchors
}

/** Headings whose slug is used more than once (their anchors would depend on their order). */
export function repeatedHeadings(markdown) {
  const text = markdown.replace(FENCED_BLOCK, '')
  const counts = new Map()
  for (const match of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const slug = slugify(match[1])
    counts.set(slug, (counts.get(slug) ?? 0) + 1)
  }
  return [...counts].filter(([, count]) => count > 1).map(([slug]) => slug)
}

/** Relative links of a Markdown text: `[text](target)` and images, not inside code. */
export function linksOf(markdown) {
  const links = []
  for (const match of withoutCode(markdown).matchAll(
    /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
  )) {
    const target = match[1]
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
    links.push(target)
  }
  return links
}

/**
 * What is wrong with the links of the Markdown file `file` (absolute), whose text is `markdown`: a
 * target file that does not exist, or an anchor its target does not have. Texts are read with `read`.
 */
export function brokenLinks(file, markdown, read = (path) => readFileSync(path, 'utf8')) {
  const problems = []
  for (const link of linksOf(markdown)) {
    const [path, fragment] = link.split('#', 2)
    const target = path === '' ? file : resolve(dirname(file), decodeURI(path))
    if (path !== '' && !existsSync(target)) {
      problems.push(`${link}: no such file`)
      continue
    }
    if (fragment === undefined || fragment === '') continue
    if (!target.endsWith('.md') || (target !== file && statSync(target).isDirectory())) continue
    const text = target === file ? markdown : read(target)
    if (!anchorsOf(text).has(decodeURIComponent(fragment))) {
      problems.push(`${link}: no heading with that anchor in ${relative(ROOT, target)}`)
    }
  }
  return problems
}

/** The project's own Markdown: the README, CONTRIBUTING and everything under docs/. */
export function projectMarkdownFiles() {
  const files = ['README.md', 'CONTRIBUTING.md'].map((name) => join(ROOT, name))
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md')) files.push(path)
    }
  }
  walk(join(ROOT, 'docs'))
  return files.filter((file) => existsSync(file))
}

/** Every file git knows of or would add (tracked, and untracked but not ignored). */
export function repositoryFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((path) => path !== '' && existsSync(join(ROOT, path)))
}

const CITED_DOCUMENT =
  /\b(docs\/requirements\.md|docs\/architecture\.md|CONTRIBUTING\.md)#([\p{L}\p{N}_-]+)/gu

/** Citations such as `docs/requirements.md#phone-numbers` in a text, with their line numbers. */
export function citationsOf(text) {
  const citations = []
  for (const [index, line] of text.split('\n').entries()) {
    for (const match of line.matchAll(CITED_DOCUMENT)) {
      citations.push({ line: index + 1, document: match[1], anchor: match[2] })
    }
  }
  return citations
}

// A deep link to a screen (a reload, a link from an email, the browser's back button after a restart) that
// has no pre-rendered page (decision 1941: a numbered step past its first entry, a page outside the
// journey, a host of another vehicle type) gets index.html with that screen's code listed as
// `<link rel="modulepreload">`, so the browser fetches the screen and everything it imports alongside
// the entry instead of one after another. The entry itself
// keeps no such lists (decision 1824): the start page's budget has no room for them, and on `/` the next
// screens' code is fetched while the applicant reads. Read from the build's manifest once, at start-up.

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

type Manifest = Record<string, ManifestChunk>

/** The screen module that answers a path's first segment: `/address/2` → `address`. */
function screenKeys(segment: string): string[] {
  // The joint applicant's address screens are named exports of the applicant's own screen modules.
  const names = [segment, segment.replace(/^joint-(?:same-)?/, '')]
  return [...new Set(names)].map((name) => `src/screens/${name}/${name}-screen.tsx`)
}

/** Every chunk file `key` loads through static imports, itself first; the entry chunk left out. */
function chunkFiles(manifest: Manifest, key: string): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (name: string) => {
    const chunk = manifest[name]
    if (seen.has(name) || chunk === undefined || chunk.isEntry === true) return
    seen.add(name)
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(key)
  return files
}

export interface RoutePreloads {
  /** index.html with the modulepreload links of the screen at `path`, or undefined for no known screen. */
  pageFor(path: string): string | undefined
}

export function loadRoutePreloads(webDistDir: string): RoutePreloads {
  const manifestFile = join(webDistDir, '.vite', 'manifest.json')
  const indexFile = join(webDistDir, 'index.html')
  if (!existsSync(manifestFile) || !existsSync(indexFile)) return { pageFor: () => undefined }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const indexHtml = readFileSync(indexFile, 'utf8')
  const pages = new Map<string, string | undefined>()
  return {
    pageFor(path) {
      const segment = /^\/([a-z][a-z0-9-]*)(?:\/[1-9][0-9]*)?\/?$/.exec(path)?.[1]
      if (segment === undefined) return undefined
      if (!pages.has(segment)) {
        const key = screenKeys(segment).find((candidate) => manifest[candidate] !== undefined)
        const files = key === undefined ? [] : chunkFiles(manifest, key)
        const links = files
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('')
        pages.set(
          segment,
          links === '' || !indexHtml.includes('</head>')
            ? undefined
            : indexHtml.replace('</head>', `${links}</head>`),
        )
      }
      return pages.get(segment)
    },
  }
}

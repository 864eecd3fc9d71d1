// Serves the built single-page app and the demo vehicle pictures, and decides what an unknown address gets:
// the app's index.html for a page the client router owns, JSON for the API, a plain 404 otherwise. `/` gets
// the start screen already rendered for the brand of the host (dist/prerendered/<brand>.html, written at
// build time), so its content paints before any script runs; so does each question a deep link opens
// (dist/prerendered/<brand>/<path>.html, docs/decisions/1941). A host whose pages differ from its brand's
// own (the apply host, another vehicle type) gets index.html instead (docs/decisions/1531). Every text
// file goes out as the .br or .gz the build wrote beside it, when the browser accepts one.

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { BRAND_IDS } from '@forecourt/domain/brands/brand-data'
import { brandIdForHost, prerenderedStartBrandId } from '@forecourt/domain/brands/host'
import { REPOSITORY_ROOT, type Config } from '../config'
import { logPathAs, requestPath } from '../logging'
import { loadRoutePreloads, type RoutePreloads } from './route-preloads'
import { contentSecurityPolicy, inlineScriptHashes, inlineStyleHashes } from './security-headers'

// From the repository root, so the compiled server (apps/server/dist) finds them as the source does.
export const VEHICLE_IMAGES_DIR = join(REPOSITORY_ROOT, 'apps/server/public/vehicles/')

export const FRONT_END_NOT_BUILT = 'Front end not built: run npm run build'

// Vite names everything under assets/ by content hash, so a name never changes meaning.
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable'
// index.html and unhashed files (logos, favicon) must be revalidated, or a release would be half-seen.
const REVALIDATE = 'no-cache'
const VEHICLE_IMAGE_CACHE = 'public, max-age=86400'

/** Where the build puts the pre-rendered pages, inside the web dist folder. */
export const PRERENDERED_DIR = 'prerendered'

interface PrerenderedPage {
  /** Relative to the web dist folder, for sendFile. */
  file: string
  /** The shared policy plus the hashes of this page's own <style> and <script> elements. */
  contentSecurityPolicy: string
}

export interface PrerenderedPages {
  /** Each brand's start page, for `/`. */
  start: Map<BrandId, PrerenderedPage>
  /** Each brand's pages of the questions a deep link opens, by path (`/date-of-birth`, `/address/1`). */
  deepLinks: Map<BrandId, Map<string, PrerenderedPage>>
}

function prerenderedPage(webDistDir: string, file: string): PrerenderedPage {
  const html = readFileSync(join(webDistDir, file), 'utf8')
  return {
    file,
    contentSecurityPolicy: contentSecurityPolicy(inlineStyleHashes(html), inlineScriptHashes(html)),
  }
}

/** The .html files under `dir`, relative to it, with forward slashes. */
function htmlFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => name.split(sep).join('/'))
}

/** The pre-rendered pages the build wrote, read once at start-up like every file. */
export function loadPrerenderedPages(webDistDir: string): PrerenderedPages {
  const start = new Map<BrandId, PrerenderedPage>()
  const deepLinks = new Map<BrandId, Map<string, PrerenderedPage>>()
  for (const brandId of BRAND_IDS) {
    const file = join(PRERENDERED_DIR, `${brandId}.html`)
    if (existsSync(join(webDistDir, file))) start.set(brandId, prerenderedPage(webDistDir, file))
    const pages = new Map<string, PrerenderedPage>()
    for (const name of htmlFilesUnder(join(webDistDir, PRERENDERED_DIR, brandId))) {
      const path = `/${name.slice(0, -'.html'.length)}`
      pages.set(path, prerenderedPage(webDistDir, posix.join(PRERENDERED_DIR, brandId, name)))
    }
    if (pages.size > 0) deepLinks.set(brandId, pages)
  }
  return { start, deepLinks }
}

/** Sends a pre-rendered page with its own policy; each brand has its own at the same address. */
function sendPrerendered(reply: FastifyReply, page: PrerenderedPage): FastifyReply {
  reply.header('content-security-policy', page.contentSecurityPolicy)
  return reply.sendFile(page.file)
}

export async function registerStaticFrontEnd(
  app: FastifyInstance,
  config: Pick<Config, 'webDistDir'>,
): Promise<void> {
  const { webDistDir } = config
  let deepLinkPage: DeepLinkPage = () => undefined
  // With wildcard: false @fastify/static serves only the files present now, so "built" is decided now too.
  const built = existsSync(join(webDistDir, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      // `/` is the route below; index.html keeps its own address.
      index: false,
      // The pre-rendered pages have no address of their own (they answer `/` and the deep links), and
      // the compressed copies stand in for their originals.
      globIgnore: [`${PRERENDERED_DIR}/**`, '**/*.br', '**/*.gz'],
      // Sends name.br or name.gz (Content-Encoding, Vary: Accept-Encoding) when the browser takes it.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const inAssets = relative(webDistDir, path).startsWith(`assets${sep}`)
        reply.header('cache-control', inAssets ? HASHED_ASSET_CACHE : REVALIDATE)
      },
    })
    const pages = loadPrerenderedPages(webDistDir)
    // The apply host and hosts of other vehicles get the page rendered in the browser (decision 1531).
    const brandOfPages = (request: FastifyRequest): BrandId | undefined => {
      const host = request.host ?? ''
      if (prerenderedStartBrandId(host) === null) return undefined
      return app.hasDecorator('brandOfRequest') ? app.brandOfRequest(request) : brandIdForHost(host)
    }
    app.get(
      '/',
      {
        // Each brand has its own start page at the same address: caches must key it by Host too.
        onSend: async (_request, reply, payload) => {
          const vary = reply.getHeader('vary')
          const values = vary === undefined ? [] : String(vary).split(/,\s*/)
          if (!values.some((value) => value.toLowerCase() === 'host')) {
            reply.header('vary', [...values, 'Host'].join(', '))
          }
          return payload
        },
      },
      (request, reply) => {
        const brandId = brandOfPages(request)
        const page = brandId === undefined ? undefined : pages.start.get(brandId)
        if (!page) return reply.sendFile('index.html')
        return sendPrerendered(reply, page)
      },
    )
    deepLinkPage = (request, path) => {
      const brandId = brandOfPages(request)
      return brandId === undefined ? undefined : pages.deepLinks.get(brandId)?.get(path)
    }
  }
  await app.register(fastifyStatic, {
    root: VEHICLE_IMAGES_DIR,
    prefix: '/vehicles/',
    wildcard: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', VEHICLE_IMAGE_CACHE)
    },
  })

  const preloads = built ? loadRoutePreloads(webDistDir) : undefined
  app.setNotFoundHandler((request, reply) => notFound(request, reply, preloads, deepLinkPage))
}

/** The pre-rendered page of the question at `path` for the request's host, if the build wrote one. */
type DeepLinkPage = (request: FastifyRequest, path: string) => PrerenderedPage | undefined

async function notFound(
  request: FastifyRequest,
  reply: FastifyReply,
  preloads: RoutePreloads | undefined,
  deepLinkPage: DeepLinkPage,
): Promise<FastifyReply> {
  const built = preloads !== undefined
  const path = requestPath(request.url)
  if (isApiPath(path) || !isClientRoute(request, path)) {
    return reply.code(404).send({ error: 'Not found' })
  }
  if (!built) {
    return reply.code(503).type('text/plain; charset=utf-8').send(FRONT_END_NOT_BUILT)
  }
  // Not-found handlers start at 404 and @fastify/static keeps a status it finds already set.
  const prerendered = deepLinkPage(request, path)
  if (prerendered !== undefined) {
    logPathAs(request, path)
    // Each brand has its own page at the same address: caches must key it by Host too.
    return sendPrerendered(reply.code(200).header('vary', 'Host'), prerendered)
  }
  const page = preloads.pageFor(path)
  if (page !== undefined) {
    logPathAs(request, path)
    return reply
      .code(200)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(page)
  }
  return reply.code(200).sendFile('index.html')
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/')
}

/**
 * A navigation the client router should answer: a GET (or HEAD) that asks for HTML, to a path without a
 * file extension. A missing script or picture stays a 404 rather than getting HTML it cannot use.
 */
function isClientRoute(request: FastifyRequest, path: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const lastSegment = path.slice(path.lastIndexOf('/') + 1)
  if (lastSegment.includes('.')) return false
  return acceptsHtml(request.headers.accept)
}

export function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false
  return accept.split(',').some((range) => {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase())
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter))
    return type === 'text/html' && !refused
  })
}

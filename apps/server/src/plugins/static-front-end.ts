// Serves the built single-page app and the demo vehicle pictures, and decides what an unknown address gets:
// the app's index.html for a page the client router owns, JSON for the API, a plain 404 otherwise. `/` gets
// the start screen already rendered for the brand of the host (dist/prerendered/<brand>.html, written at
// build time), so its content paints before any script runs; a host whose page differs from its brand's
// own (the apply host, another vehicle type) gets index.html instead (docs/decisions/1531). Every text
// file goes out as the .br or .gz the build wrote beside it, when the browser accepts one.

import { existsSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { BRAND_IDS } from '@forecourt/domain/brands/brand-data'
import { brandIdForHost, prerenderedStartBrandId } from '@forecourt/domain/brands/host'
import { REPOSITORY_ROOT, type Config } from '../config'
import { requestPath } from '../logging'
import { loadRoutePreloads, type RoutePreloads } from './route-preloads'
import { contentSecurityPolicy, inlineStyleHashes } from './security-headers'

// From the repository root, so the compiled server (apps/server/dist) finds them as the source does.
export const VEHICLE_IMAGES_DIR = join(REPOSITORY_ROOT, 'apps/server/public/vehicles/')

export const FRONT_END_NOT_BUILT = 'Front end not built: run npm run build'

// Vite names everything under assets/ by content hash, so a name never changes meaning.
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable'
// index.html and unhashed files (logos, favicon) must be revalidated, or a release would be half-seen.
const REVALIDATE = 'no-cache'
const VEHICLE_IMAGE_CACHE = 'public, max-age=86400'

/** Where the build puts the pre-rendered start pages, inside the web dist folder. */
export const PRERENDERED_DIR = 'prerendered'

interface PrerenderedPage {
  /** Relative to the web dist folder, for sendFile. */
  file: string
  /** The shared policy plus the hashes of this page's own <style> elements. */
  contentSecurityPolicy: string
}

/** The pre-rendered start page of each brand the build wrote, read once at start-up like every file. */
export function loadPrerenderedPages(webDistDir: string): Map<BrandId, PrerenderedPage> {
  const pages = new Map<BrandId, PrerenderedPage>()
  for (const brandId of BRAND_IDS) {
    const file = join(PRERENDERED_DIR, `${brandId}.html`)
    const path = join(webDistDir, file)
    if (!existsSync(path)) continue
    const html = readFileSync(path, 'utf8')
    pages.set(brandId, {
      file,
      contentSecurityPolicy: contentSecurityPolicy(inlineStyleHashes(html)),
    })
  }
  return pages
}

export async function registerStaticFrontEnd(
  app: FastifyInstance,
  config: Pick<Config, 'webDistDir'>,
): Promise<void> {
  const { webDistDir } = config
  // With wildcard: false @fastify/static serves only the files present now, so "built" is decided now too.
  const built = existsSync(join(webDistDir, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      // `/` is the route below; index.html keeps its own address.
      index: false,
      // The pre-rendered pages answer `/` only, and the compressed copies stand in for their originals.
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
        const host = request.host ?? ''
        // The apply host and hosts of other vehicles get the page rendered in the browser (decision 1531).
        const brandId =
          prerenderedStartBrandId(host) === null
            ? undefined
            : app.hasDecorator('brandOfRequest')
              ? app.brandOfRequest(request)
              : brandIdForHost(host)
        const page = brandId === undefined ? undefined : pages.get(brandId)
        if (!page) return reply.sendFile('index.html')
        reply.header('content-security-policy', page.contentSecurityPolicy)
        return reply.sendFile(page.file)
      },
    )
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
  app.setNotFoundHandler((request, reply) => notFound(request, reply, preloads))
}

async function notFound(
  request: FastifyRequest,
  reply: FastifyReply,
  preloads: RoutePreloads | undefined,
): Promise<FastifyReply> {
  const built = preloads !== undefined
  const path = requestPath(request.url)
  if (isApiPath(path) || !isClientRoute(request, path)) {
    return reply.code(404).send({ error: 'Not found' })
  }
  if (!built) {
    return reply.code(503).type('text/plain; charset=utf-8').send(FRONT_END_NOT_BUILT)
  }
  const page = preloads.pageFor(path)
  if (page !== undefined) {
    return reply
      .code(200)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(page)
  }
  // Not-found handlers start at 404 and @fastify/static keeps a status it finds already set.
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

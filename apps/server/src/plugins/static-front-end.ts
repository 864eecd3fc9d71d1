// Serves the built single-page app and the demo vehicle pictures, and decides what an unknown address gets:
// the app's index.html for a page the client router owns, JSON for the API, a plain 404 otherwise.

import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { requestPath } from '../logging'

export const VEHICLE_IMAGES_DIR = fileURLToPath(new URL('../../public/vehicles/', import.meta.url))

export const FRONT_END_NOT_BUILT = 'Front end not built: run npm run build'

// Vite names everything under assets/ by content hash, so a name never changes meaning.
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable'
// index.html and unhashed files (logos, favicon) must be revalidated, or a release would be half-seen.
const REVALIDATE = 'no-cache'
const VEHICLE_IMAGE_CACHE = 'public, max-age=86400'

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
      cacheControl: false,
      setHeaders: (reply, path) => {
        const inAssets = relative(webDistDir, path).startsWith(`assets${sep}`)
        reply.header('cache-control', inAssets ? HASHED_ASSET_CACHE : REVALIDATE)
      },
    })
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

  app.setNotFoundHandler((request, reply) => notFound(request, reply, built))
}

async function notFound(
  request: FastifyRequest,
  reply: FastifyReply,
  built: boolean,
): Promise<FastifyReply> {
  const path = requestPath(request.url)
  if (isApiPath(path) || !isClientRoute(request, path)) {
    return reply.code(404).send({ error: 'Not found' })
  }
  if (!built) {
    return reply.code(503).type('text/plain; charset=utf-8').send(FRONT_END_NOT_BUILT)
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

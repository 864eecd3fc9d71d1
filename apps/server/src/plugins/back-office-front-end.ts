// The back-office host (BACK_OFFICE_HOST) serves the back-office app and its API, and nothing of the
// applicant form: every other /api address is 404 there, and the applicant's pages and files are never
// reached. The built app (apps/back-office/dist) is small, so it is read once at start-up and answered
// from memory, with the .br or .gz copy the build wrote when the browser takes one. Its pages carry a
// stricter policy than the form's (no tag manager, no referrer) and are never cached: everything in
// the back office is personal data. Decision record: docs/decisions/1601-*.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { logPathAs, requestPath } from '../logging'
import { acceptsHtml } from './static-front-end'

/** Whether a request's host is the back office's (the port and letter case aside). */
export function isBackOfficeHost(request: FastifyRequest, host: string): boolean {
  return request.hostname.toLowerCase().replace(/\.$/, '') === host
}

export const BACK_OFFICE_NOT_BUILT = 'Back office not built: run npm run build'

export const BACK_OFFICE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join(';')

/** What a back-office page is logged under, whatever its address. */
export const BACK_OFFICE_PAGE_PATH = '[back-office page]'

/** API addresses the back-office host answers besides its own: the probes. */
const SHARED_API = new Set(['/api/health', '/api/ready'])

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

interface BuiltFile {
  body: Buffer
  type: string
  br?: Buffer
  gz?: Buffer
  immutable: boolean
}

export function loadBackOfficeDist(distDir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>()
  if (!existsSync(join(distDir, 'index.html'))) return files
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) {
        walk(path)
        continue
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue
      const rel = relative(distDir, path)
      const compressed = (suffix: string) =>
        existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined
      files.set(`/${rel.split(sep).join('/')}`, {
        body: readFileSync(path),
        type: TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
        br: compressed('.br'),
        gz: compressed('.gz'),
        // Vite names what it puts in assets/ by content hash.
        immutable: rel.startsWith(`assets${sep}`),
      })
    }
  }
  walk(distDir)
  return files
}

function send(request: FastifyRequest, reply: FastifyReply, file: BuiltFile): FastifyReply {
  const accepts = request.headers['accept-encoding'] ?? ''
  reply
    .code(200)
    .type(file.type)
    .header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-store')
    .header('vary', 'accept-encoding')
  if (file.br !== undefined && /\bbr\b/.test(accepts)) {
    return reply.header('content-encoding', 'br').send(file.br)
  }
  if (file.gz !== undefined && /\bgzip\b/.test(accepts)) {
    return reply.header('content-encoding', 'gzip').send(file.gz)
  }
  return reply.send(file.body)
}

export const HTTPS_ONLY = 'The back office is served over HTTPS only'

/** Registered before every route, so it decides first what the back-office host answers. */
export function registerBackOfficeHost(
  app: FastifyInstance,
  config: Pick<Config, 'backOffice' | 'nodeEnv'>,
): void {
  const { host, distDir } = config.backOffice
  const production = config.nodeEnv === 'production'
  const files = loadBackOfficeDist(distDir)
  const index = files.get('/index.html')

  app.addHook('onRequest', async (request, reply) => {
    if (!isBackOfficeHost(request, host)) return undefined
    reply.header('content-security-policy', BACK_OFFICE_CSP)
    reply.header('referrer-policy', 'no-referrer')
    reply.header('cache-control', 'no-store')
    const path = requestPath(request.url)
    if (path === '/api' || path.startsWith('/api/')) {
      if (SHARED_API.has(path)) return undefined
      if (!path.startsWith('/api/back-office/')) return reply.code(404).send({ error: 'Not found' })
    }
    // A production back office is never used over plain HTTP: its session cookie is then Secure only, and
    // a password or enrolment token never travels in clear. A page is sent to its https:// address; a
    // call is refused (its body has already been sent, so redirecting it would not help).
    if (production && request.protocol !== 'https') {
      request.log.warn({ protocol: request.protocol }, 'back office refused over plain HTTP')
      if (request.method === 'GET' || request.method === 'HEAD') {
        return reply.redirect(`https://${host}${request.url}`, 308)
      }
      return reply.code(403).send({ error: HTTPS_ONLY })
    }
    if (path.startsWith('/api/')) return undefined
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Not found' })
    }
    const file = files.get(path)
    if (file !== undefined && path !== '/index.html') {
      logPathAs(request, path)
      return send(request, reply, file)
    }
    const lastSegment = path.slice(path.lastIndexOf('/') + 1)
    const page = path === '/' || (!lastSegment.includes('.') && acceptsHtml(request.headers.accept))
    if (!page) return reply.code(404).send({ error: 'Not found' })
    if (index === undefined) {
      return reply.code(503).type('text/plain; charset=utf-8').send(BACK_OFFICE_NOT_BUILT)
    }
    // Its address may hold an application's key.
    logPathAs(request, BACK_OFFICE_PAGE_PATH)
    return send(request, reply, index)
  })
}

// Request logs without personal data. Fastify's defaults log the full URL (whose query may carry a gclid,
// an email address or a token), headers, and the client's address; here a request is one line with method,
// path, status and time. The path is the matched route's pattern, so that no application key reaches the
// log (decision 1801), and a path no route matched is logged only as the page that answered it names it
// (a client may put anything in a path). Errors keep their type, code and stack but none of their extra
// fields (a PostgreSQL error's `detail` quotes the row's values).

import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import pino from 'pino'
import type { LogLevel } from './config'

export interface LogDestination {
  write(line: string): void
}

// The pages a link opens carry its token in the address: logged without it (decision 1821).
const LINK_PAGE = /^(\/continue|\/joint-confirm)\/[^/]+/
const LINK_PAGE_WITHOUT_TOKEN = /^\/(?:continue|joint-confirm)\/\[token\]\/?$/

export function requestPath(url: string): string {
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  return path.replace(LINK_PAGE, '$1/[token]')
}

/** What a request that no route matched and no page answered is logged under. */
export const UNMATCHED_PATH = '[unmatched]'

const pathsToLog = new WeakMap<object, string>()

/**
 * Names what a request that matched no route is logged under, for the handler that answered it: a screen
 * the build knows keeps its own path, a back-office page is logged as such. Without one, such a
 * request's path is never logged: a client could have put anything in it, personal data included.
 */
export function logPathAs(request: FastifyRequest, path: string): void {
  pathsToLog.set(request, path)
}

/**
 * The path a request is logged under: its route's pattern (`/api/submission/:submissionKey`), else
 * what the handler that answered it named (logPathAs), a link page without its token, or [unmatched].
 */
export function loggedPath(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const pattern = (request.routeOptions as { url?: string } | undefined)?.url
  if (pattern !== undefined) return pattern
  const named = pathsToLog.get(request)
  if (named !== undefined) return named
  const path = requestPath(request.url)
  return LINK_PAGE_WITHOUT_TOKEN.test(path) ? path : UNMATCHED_PATH
}

/** Writes one line per request when it completes, instead of Fastify's "incoming" and "completed" pair. */
export class PathOnlyLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return
    const fields = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }
    // A client that went away is no fault of the server's: one line, no stack (decision 1574).
    if (error && isClientGone(error)) {
      reply.log.info({ ...fields, code: (error as { code?: unknown }).code }, 'client went away')
    } else if (error) reply.log.error({ ...fields, err: error }, 'request errored')
    else reply.log.info(fields, 'request completed')
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return
    request.log.info({ req: request }, 'route not found')
  }
}

/** Socket errors that mean the client closed or reset the connection before the answer was written. */
const CLIENT_GONE_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
])

export function isClientGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && CLIENT_GONE_CODES.has(code)
}

let standardOutput: LogDestination | undefined

/** Lines are held until this much is gathered, or until the next flush a second later at most. */
const LOG_BUFFER_BYTES = 4096
const LOG_FLUSH_MS = 1000

/**
 * Standard output, written in blocks instead of a system call per line: a busy server's request lines go
 * out about 4 KiB at a time (the write per request was 7-10 % of a durable write's event loop,
 * docs/benchmarks.md), and a quiet server's within a second. On an exit, an uncaught error or a signal
 * that stops the process through its handlers, what is held is written synchronously (pino's exit hook);
 * a process killed outright (SIGKILL, the kernel's out-of-memory killer) loses what it held: at most
 * 4 KiB, a second of log. One destination for the whole process.
 */
export function bufferedStandardOutput(): LogDestination {
  if (standardOutput === undefined) {
    const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES })
    // A destination closed by the exit hook or a broken pipe throws on flush: it is left alone then.
    setInterval(() => {
      if (!(destination as { destroyed?: boolean }).destroyed) destination.flush()
    }, LOG_FLUSH_MS).unref()
    standardOutput = destination
  }
  return standardOutput
}

interface LoggableError {
  name?: unknown
  message?: unknown
  code?: unknown
  statusCode?: unknown
  stack?: unknown
}

export function loggerOptions(
  level: LogLevel,
  stream?: LogDestination,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    stream: stream ?? bufferedStandardOutput(),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        path: loggedPath(request),
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: LoggableError) => ({
        type: typeof error.name === 'string' ? error.name : 'Error',
        message: typeof error.message === 'string' ? error.message : '',
        stack: typeof error.stack === 'string' ? error.stack : '',
        ...(error.code === undefined ? {} : { code: error.code }),
        ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
      }),
    },
    // A second line of defence for anything logged outside the serializers above.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
        'res.headers["set-cookie"]',
        'req.body',
        'body',
      ],
      censor: '[redacted]',
    },
  }
}

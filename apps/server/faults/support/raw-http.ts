// HTTP/1.1 over plain sockets, for load and for bad input. node:http costs the load generator more CPU per
// request than the server spends refusing one, and it will not send a malformed request at all; here a
// request is the bytes given, and an answer is read just far enough to know its status, headers and body.

import { connect, type Socket } from 'node:net'
import { withBrowserSecret } from './browser-secret'

export interface RawAnswer {
  status: number
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>
  body: Buffer
}

export type RawOutcome =
  | { kind: 'answer'; answer: RawAnswer; ms: number }
  /** The connection failed or was closed before a whole answer came. */
  | { kind: 'error'; message: string; ms: number }
  | { kind: 'timeout'; ms: number }

/** One request's bytes: the request line, headers (with Host and Content-Length as given) and body. */
export function requestBytes(options: {
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Buffer
  /** false leaves Content-Length out, or as given in `headers`, to send a lying or missing one. */
  contentLength?: boolean
}): Buffer {
  const body =
    options.body === undefined
      ? Buffer.alloc(0)
      : typeof options.body === 'string'
        ? Buffer.from(options.body)
        : options.body
  // A write carries the secret of the browser that started its application (decision 1801).
  const headers = withBrowserSecret(options.path, { ...options.headers })
  if (options.contentLength !== false) headers['content-length'] = String(body.length)
  const head = `${options.method} ${options.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`
  return Buffer.concat([Buffer.from(head, 'latin1'), body])
}

const HEAD_END = Buffer.from('\r\n\r\n')

/**
 * Reads answers off a byte stream: returns the first complete one and the bytes after it, or undefined
 * while it is incomplete. Content-Length and chunked bodies; an answer with neither ends with the stream.
 */
export function parseAnswer(
  buffer: Buffer,
  ended = false,
): { answer: RawAnswer; rest: Buffer } | undefined {
  const headEnd = buffer.indexOf(HEAD_END)
  if (headEnd === -1) return undefined
  const lines = buffer.subarray(0, headEnd).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0)
  const headers: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const bodyStart = headEnd + HEAD_END.length
  if (headers['content-length'] !== undefined) {
    const end = bodyStart + Number(headers['content-length'])
    if (buffer.length < end) return undefined
    return {
      answer: { status, headers, body: buffer.subarray(bodyStart, end) },
      rest: buffer.subarray(end),
    }
  }
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const chunks: Buffer[] = []
    let at = bodyStart
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', at)
      if (lineEnd === -1) return undefined
      const size = Number.parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16)
      if (Number.isNaN(size)) return undefined
      const dataStart = lineEnd + 2
      if (size === 0) {
        const end = buffer.indexOf(HEAD_END, lineEnd)
        const finish = end === lineEnd ? lineEnd + 4 : end === -1 ? -1 : end + 4
        if (finish === -1 || buffer.length < finish) return undefined
        return {
          answer: { status, headers, body: Buffer.concat(chunks) },
          rest: buffer.subarray(finish),
        }
      }
      if (buffer.length < dataStart + size + 2) return undefined
      chunks.push(buffer.subarray(dataStart, dataStart + size))
      at = dataStart + size + 2
    }
  }
  if ((status >= 100 && status < 200) || status === 204 || status === 304) {
    return { answer: { status, headers, body: Buffer.alloc(0) }, rest: buffer.subarray(bodyStart) }
  }
  if (!ended) return undefined
  return { answer: { status, headers, body: buffer.subarray(bodyStart) }, rest: Buffer.alloc(0) }
}

/**
 * Sends `bytes` on a new connection and reads one answer. The connection is closed afterwards, so a
 * malformed request never leaves a half-read body behind for the next one.
 */
export function sendOnce(
  port: number,
  bytes: Buffer,
  timeoutMs: number,
  options: { host?: string; chunks?: Buffer[] } = {},
): Promise<RawOutcome> {
  const started = performance.now()
  return new Promise((resolve) => {
    let buffer: Buffer = Buffer.alloc(0)
    let settled = false
    const socket = connect(port, options.host ?? '127.0.0.1')
    const settle = (outcome: RawOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(outcome)
    }
    const timer = setTimeout(
      () => settle({ kind: 'timeout', ms: performance.now() - started }),
      timeoutMs,
    )
    const tryParse = (ended: boolean) => {
      const parsed = parseAnswer(buffer, ended)
      // An interim 100 Continue is not the answer.
      if (parsed !== undefined && parsed.answer.status >= 100 && parsed.answer.status < 200) {
        buffer = parsed.rest
        return tryParse(ended)
      }
      if (parsed !== undefined) {
        settle({ kind: 'answer', answer: parsed.answer, ms: performance.now() - started })
      } else if (ended) {
        settle({
          kind: 'error',
          message: buffer.length === 0 ? 'closed without an answer' : 'incomplete answer',
          ms: performance.now() - started,
        })
      }
    }
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      tryParse(false)
    })
    socket.on('end', () => tryParse(true))
    socket.on('close', () => tryParse(true))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer and close before reading everything sent (a body too large): the answer
      // counts if it came.
      if (parseAnswer(buffer, true) !== undefined) tryParse(true)
      else
        settle({
          kind: 'error',
          message: error.code ?? error.message,
          ms: performance.now() - started,
        })
    })
    socket.on('connect', () => {
      if (options.chunks === undefined) {
        socket.write(bytes)
        return
      }
      for (const chunk of options.chunks) socket.write(chunk)
    })
  })
}

export interface OpenLoopOutcome {
  /** The request's number in the run, from 0: the order `next` was called in. */
  index: number
  /** The status, or 'error' / 'timeout'. */
  status: number | 'error' | 'timeout'
  /** When the request was due (performance.now()). */
  dueAt: number
  /** From when the request was due to when its whole answer was read, in ms. */
  latencyMs: number
  retryAfter: string | undefined
}

export interface OpenLoopOptions {
  port: number
  /** Requests per second, spread evenly over the run. */
  rate: number
  durationMs: number
  /** Keep-alive connections that may be open at once; requests due while all are busy wait for one. */
  connections: number
  timeoutMs: number
  /** The bytes of the request due now. */
  next: () => Buffer
}

export interface OpenLoopResult {
  outcomes: OpenLoopOutcome[]
  /** How late the generator itself sent requests (it shares the CPU): its worst lag, in ms. */
  worstSendLagMs: number
  /** The most connections open at once. */
  connectionsUsed: number
}

interface Due {
  index: number
  bytes: Buffer
  dueAt: number
}

interface Connection {
  socket: Socket
  buffer: Buffer
  current: (Due & { sentAt: number }) | undefined
}

/**
 * Requests at a fixed rate whatever the answers: a slow server does not slow the arrivals, as it slows
 * clients that each wait for their answer (autocannon's), and each latency counts from when its request
 * was due, so time spent waiting for a free connection is the server's too.
 */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const outcomes: OpenLoopOutcome[] = []
  const queue: Due[] = []
  const idle: Connection[] = []
  const open = new Set<Connection>()
  let connectionsUsed = 0
  let worstSendLagMs = 0
  const started = performance.now()
  let scheduled = 0
  let finishedScheduling = false
  let resolveDone: () => void = () => undefined
  const done = new Promise<void>((resolve) => (resolveDone = resolve))

  const record = (due: Due, status: OpenLoopOutcome['status'], retryAfter?: string) => {
    outcomes.push({
      index: due.index,
      status,
      dueAt: due.dueAt,
      latencyMs: performance.now() - due.dueAt,
      retryAfter,
    })
  }
  const checkDone = () => {
    if (
      finishedScheduling &&
      queue.length === 0 &&
      [...open].every((c) => c.current === undefined)
    ) {
      resolveDone()
    }
  }
  const dispatch = (connection: Connection) => {
    const due = queue.shift()
    if (due === undefined) {
      idle.push(connection)
      checkDone()
      return
    }
    const now = performance.now()
    worstSendLagMs = Math.max(worstSendLagMs, now - due.dueAt)
    connection.current = { ...due, sentAt: now }
    connection.socket.write(due.bytes)
  }
  const drop = (connection: Connection, status: 'error' | 'timeout') => {
    open.delete(connection)
    const index = idle.indexOf(connection)
    if (index !== -1) idle.splice(index, 1)
    if (connection.current !== undefined) record(connection.current, status)
    connection.current = undefined
    connection.socket.destroy()
    pump()
  }
  const openConnection = () => {
    const socket = connect(options.port, '127.0.0.1')
    socket.setNoDelay(true)
    const connection: Connection = { socket, buffer: Buffer.alloc(0), current: undefined }
    open.add(connection)
    connectionsUsed = Math.max(connectionsUsed, open.size)
    socket.on('connect', () => dispatch(connection))
    socket.on('data', (chunk: Buffer) => {
      connection.buffer =
        connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk])
      const parsed = parseAnswer(connection.buffer)
      if (parsed === undefined || connection.current === undefined) return
      connection.buffer = parsed.rest
      record(connection.current, parsed.answer.status, parsed.answer.headers['retry-after'])
      connection.current = undefined
      if (parsed.answer.headers.connection?.toLowerCase() === 'close') {
        open.delete(connection)
        socket.destroy()
        pump()
      } else {
        dispatch(connection)
      }
    })
    socket.on('error', () => drop(connection, 'error'))
    socket.on('close', () => {
      if (open.has(connection)) drop(connection, 'error')
    })
  }
  /** Gives queued requests to idle connections, opening new ones up to the limit. */
  const pump = () => {
    while (queue.length > 0 && idle.length > 0) {
      const connection = idle.pop()
      if (connection !== undefined) dispatch(connection)
    }
    let connecting = [...open].filter((c) => c.current === undefined && !idle.includes(c)).length
    while (queue.length > connecting && open.size < options.connections) {
      openConnection()
      connecting += 1
    }
    checkDone()
  }

  const sweep = setInterval(() => {
    const now = performance.now()
    for (const connection of open) {
      if (connection.current !== undefined && now - connection.current.sentAt > options.timeoutMs) {
        drop(connection, 'timeout')
      }
    }
    for (let i = queue.length - 1; i >= 0; i -= 1) {
      const due = queue[i]
      if (due !== undefined && now - due.dueAt > options.timeoutMs) {
        queue.splice(i, 1)
        record(due, 'timeout')
      }
    }
  }, 100)

  const total = Math.floor((options.durationMs * options.rate) / 1000)
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - started
      // Request i is due at i / rate seconds: the first at once, not one interval late.
      const due = Math.min(total, Math.floor((elapsed * options.rate) / 1000) + 1)
      while (scheduled < due) {
        // Stamped with the moment it was due, not the moment this tick ran.
        queue.push({
          index: scheduled,
          bytes: options.next(),
          dueAt: started + (scheduled * 1000) / options.rate,
        })
        scheduled += 1
      }
      pump()
      if (scheduled >= total) resolve()
      else setTimeout(tick, 1)
    }
    tick()
  })
  finishedScheduling = true
  checkDone()
  await done
  clearInterval(sweep)
  for (const connection of open) connection.socket.destroy()
  return { outcomes, worstSendLagMs, connectionsUsed }
}

// A real SMTP server for tests (smtp-server, on 127.0.0.1 and a free port): every message the server
// accepts is kept with its envelope, and the test can make it refuse, stall or fail on purpose. Messages
// are parsed just enough to read their headers and their base64 text and HTML parts.

import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'

export interface CapturedMessage {
  from: string
  to: string[]
  raw: string
  headers: Map<string, string>
  text: string
  html: string
}

export interface SmtpCapture {
  url: string
  port: number
  messages: CapturedMessage[]
  /**
   * What to do with the next message's DATA: accept it (the default), answer with an SMTP error, or hold
   * it without answering (a stalled server). Called for every message, in order.
   */
  onData: (index: number) => 'accept' | { code: number; message: string } | 'hold'
  /** Resolves the first time a message's DATA arrives. */
  dataArrived(): Promise<number>
  close(): Promise<void>
}

/** On a free port, or on `port` (a relay coming back where it was). */
export async function startSmtpCapture(options: { port?: number } = {}): Promise<SmtpCapture> {
  let arrivals = 0
  const waiting: ((index: number) => void)[] = []
  const capture: SmtpCapture = {
    url: '',
    port: 0,
    messages: [],
    onData: () => 'accept',
    dataArrived: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise upgrade to TLS with a certificate we lack.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const index = arrivals++
      for (const resolve of waiting.splice(0)) resolve(index)
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const decision = capture.onData(index)
        if (decision === 'hold') return
        if (decision !== 'accept') {
          const error = Object.assign(new Error(decision.message), {
            responseCode: decision.code,
          })
          callback(error)
          return
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        capture.messages.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
          ...parseMessage(raw),
        })
        callback()
      })
    },
  })
  // A client killed mid-message resets its connection: expected in the crash tests, not a failure.
  server.on('error', (error: Error & { code?: string }) => {
    if (error.code !== 'ECONNRESET') throw error
  })
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve()),
  )
  const address = server.server.address()
  capture.port = typeof address === 'object' && address !== null ? address.port : 0
  capture.url = `smtp://127.0.0.1:${capture.port}`
  return capture
}

/** Headers (unfolded, names in lower case) and the decoded text and HTML parts of a message. */
export function parseMessage(raw: string): {
  headers: Map<string, string>
  text: string
  html: string
} {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
  const headers = parseHeaders(head)
  const body = rest.join('\r\n\r\n')
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1]
  const parts = boundary === undefined ? [] : body.split(`--${boundary}`)
  let text = ''
  let html = ''
  for (const part of parts) {
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/)
    const partHeaders = parseHeaders(partHead)
    const type = partHeaders.get('content-type') ?? ''
    const content = partBody.join('\r\n\r\n').replace(/\r?\n$/, '')
    const encoding = partHeaders.get('content-transfer-encoding')
    const decoded =
      encoding === 'base64'
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(content)
          : content
    if (type.startsWith('text/plain')) text = decoded.replaceAll('\r\n', '\n')
    if (type.startsWith('text/html')) html = decoded.replaceAll('\r\n', '\n')
  }
  return { headers, text, html }
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, code: string) => String.fromCharCode(parseInt(code, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      )
    }
  }
  return headers
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as a subject with a pound sign would be. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replaceAll('_', ' ')
              .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) =>
                String.fromCharCode(parseInt(code, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
}

// A real SMTP server for the save-and-return journeys, on loopback: it accepts every message and keeps
// it; GET /messages on its HTTP port lists them (recipients, subject and the decoded text part), so a
// test reads the link from the email the server sent, as an applicant would.
import { createServer } from 'node:http'
import { SMTPServer } from 'smtp-server'

const smtpPort = Number(process.env.SMTP_INBOX_PORT ?? 4311)
const httpPort = Number(process.env.SMTP_INBOX_HTTP_PORT ?? 4312)
const messages = []

function headersOf(head) {
  const headers = new Map()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

function textPart(raw) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
  const boundary = /boundary="?([^";]+)"?/.exec(headersOf(head).get('content-type') ?? '')?.[1]
  if (!boundary) return ''
  for (const part of rest.join('\r\n\r\n').split(`--${boundary}`)) {
    const [partHead = '', ...body] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/)
    const headers = headersOf(partHead)
    if (!(headers.get('content-type') ?? '').startsWith('text/plain')) continue
    const content = body.join('\r\n\r\n')
    return headers.get('content-transfer-encoding') === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
      : content
  }
  return ''
}

function decodeSubject(value) {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding, text) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replaceAll('_', ' ')
            .replace(/=([0-9A-F]{2})/gi, (_hex, code) => String.fromCharCode(parseInt(code, 16))),
          'latin1',
        ).toString('utf8'),
  )
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = []
    stream.on('data', (chunk) => chunks.push(chunk))
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const [head = ''] = raw.split(/\r?\n\r?\n/)
      messages.push({
        to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
        subject: decodeSubject(headersOf(head).get('subject') ?? ''),
        text: textPart(raw).replaceAll('\r\n', '\n'),
      })
      callback()
    })
  },
})
smtp.listen(smtpPort, '127.0.0.1')

const http = createServer((request, response) => {
  const send = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
  if (request.method === 'GET' && request.url === '/messages') return send(200, messages)
  if (request.method === 'GET' && request.url === '/health') return send(200, { ok: true })
  send(404, { error: 'Not found' })
})
http.listen(httpPort, '127.0.0.1')

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => smtp.close(() => http.close(() => process.exit(0))))

// A lender's endpoint for the back-office journey, on loopback: it refuses every delivery (HTTP 500)
// until told to accept, so a delivery fails first and an operator's retry is what gets it through.
// GET /received lists what arrived (webhook id, Idempotency-Key, type, attempt); POST /accept switches it
// to 2xx.
import { createServer } from 'node:http'

const port = Number(process.env.FAKE_LENDER_PORT ?? 4207)
let accepting = false
const received = []

const server = createServer((request, response) => {
  const chunks = []
  request.on('data', (chunk) => chunks.push(chunk))
  request.on('end', () => {
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'GET' && request.url === '/received') return send(200, received)
    if (request.method === 'GET' && request.url === '/health') return send(200, { ok: true })
    if (request.method === 'POST' && request.url === '/accept') {
      accepting = true
      return send(200, { accepting })
    }
    if (request.method === 'POST' && request.url === '/applications') {
      let type = 'application'
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        if (typeof body.type === 'string') type = body.type
      } catch {
        type = 'unreadable'
      }
      received.push({
        webhookId: request.headers['webhook-id'],
        idempotencyKey: request.headers['idempotency-key'],
        attempt: Number(request.headers['forecourt-delivery-attempt']),
        type,
        answered: accepting ? 200 : 500,
      })
      return send(accepting ? 200 : 500, accepting ? { ok: true } : { error: 'Not today' })
    }
    send(404, { error: 'Not found' })
  })
})

server.listen(port, '127.0.0.1')
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)))

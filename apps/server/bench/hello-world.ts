// The baseline of `npm run bench:api`: a bare Fastify hello-world with Fastify's defaults, started in its own
// process on PORT, saying "listening" on stdout once it is.

import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))

const port = Number(process.env.PORT ?? 0)
await app.listen({ host: '127.0.0.1', port })
console.log('listening')

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)

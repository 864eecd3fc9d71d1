// A reference for `npm run bench:api`: the lean durable write the CPU bars were set from (docs/requirements.md,
// Performance: "parse and check a 5 KB JSON body, seal a few fields, one transaction of a handful of rows,
// group commit", a few hundred microseconds), and nothing else, on
// the same machine in the same run. It shows what the CPU bars ask of the hardware: what is left between
// this and the real server is the product's own work (anti-forgery, the application's secret, evidence,
// the search index, emails, the request log, security headers).
// Started in its own process on PORT with DATA_DIR, saying "listening" on stdout once it is. Not a server
// of the product: it stores nothing the product reads.

import { createHash, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import Fastify from 'fastify'
import { validateSubmission } from '@forecourt/domain/steps/submission-schema'
import { encryptJson } from '../src/crypto/field-encryption'
import { openSqliteDataDir } from '../src/db/sqlite-connection'
import { submissionRules } from '../src/routes/api/submission-rules'

const dataDir = process.env.DATA_DIR
if (dataDir === undefined) throw new Error('lean-write.ts needs DATA_DIR')
// The product's connection settings: WAL, synchronous=FULL, secure_delete.
const db = openSqliteDataDir(join(dataDir, 'lean'))
db.exec(`create table if not exists submissions (submission_key text primary key, body_hash text not null,
    created_at text not null);
  create table if not exists applications (application_key text primary key, payload text not null,
    created_at text not null);
  create table if not exists deliveries (id text primary key, submission_key text not null,
    destination text not null, status text not null)`)
const insertSubmission = db.prepare(
  'insert into submissions values (?, ?, ?) on conflict (submission_key) do nothing',
)
const insertApplication = db.prepare('insert into applications values (?, ?, ?)')
const insertDelivery = db.prepare('insert into deliveries values (?, ?, ?, ?)')
const begin = db.prepare('begin immediate')
const commit = db.prepare('commit')

const key = { id: '1', key: randomBytes(32) }

interface Pending {
  key: string
  hash: string
  sealed: string
  now: string
  done: (stored: boolean) => void
}

// Group commit on the event loop: the writes that arrived while the last batch was written share the
// next transaction and its disk sync.
let queue: Pending[] = []
function flush(): void {
  const batch = queue
  queue = []
  begin.run()
  const stored = batch.map((write) => {
    const { changes } = insertSubmission.run(write.key, write.hash, write.now)
    if (changes === 0) return false
    insertApplication.run(write.key, write.sealed, write.now)
    insertDelivery.run(`${write.key}-1`, write.key, 'lender-a', 'pending')
    insertDelivery.run(`${write.key}-2`, write.key, 'lender-b', 'pending')
    return true
  })
  commit.run()
  batch.forEach((write, index) => write.done(stored[index]!))
}

const app = Fastify({ logger: false, bodyLimit: 64 * 1024 })
app.post<{ Params: { key: string } }>('/api/submission/:key', async (request, reply) => {
  const now = new Date()
  // Judged against the product's own rules: London's date and the brands' affiliate keys.
  const result = validateSubmission(request.body, submissionRules(now))
  if (!result.ok) return reply.code(422).send({ errors: result.errors })
  const text = JSON.stringify(result.value)
  const { GUID, applicationKey, ...personal } = result.value as Record<string, unknown>
  const sealed = JSON.stringify({
    GUID,
    applicationKey,
    $encrypted: encryptJson(personal, key, request.params.key),
  })
  const stored = await new Promise<boolean>((resolve) => {
    if (queue.length === 0) setImmediate(flush)
    queue.push({
      key: request.params.key,
      hash: createHash('sha256').update(text).digest('hex'),
      sealed,
      now: now.toISOString(),
      done: resolve,
    })
  })
  return reply.code(stored ? 201 : 200).send({ reference: request.params.key.slice(0, 8) })
})

const port = Number(process.env.PORT ?? 0)
await app.listen({ host: '127.0.0.1', port })
console.log('listening')

const stop = () => {
  app.close().then(
    () => {
      db.close()
      process.exit(0)
    },
    () => process.exit(1),
  )
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)

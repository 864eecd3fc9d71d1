// Durable sending across a crash: a sender process is killed with SIGKILL while a message is half sent
// (the SMTP server has its DATA but has not answered), started again, and every message ends sent, each
// accepted by the server exactly once, under the Message-ID it was queued with. Decision 1652.

import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, test } from 'vitest'
import { REPOSITORY_ROOT, loadConfig } from '../src/config'
import { migrateToLatest } from '../src/db/migrate'
import { submissionEmails } from '../src/email/enqueue'
import { messageIdOf } from '../src/email/sender'
import { storeSubmission } from '../src/repositories/submission-repository'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { startSmtpCapture } from './smtp-capture'
import { validSubmission } from './submission-test-helpers'
import { engines, TEST_POSTGRES_URL, type TestDatabase } from './test-databases'

const allEngines = await engines()
const children = new Set<ChildProcess>()
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
})

const MAIL_FROM = 'no-reply@carfinance.example'
const MESSAGES = 6

function startSender(env: Record<string, string>): {
  child: ChildProcess
  exited: Promise<unknown>
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/email-sender-child.ts'],
    {
      cwd: REPOSITORY_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  children.add(child)
  const exited = new Promise((resolve) => child.on('exit', resolve))
  void exited.then(() => children.delete(child))
  return { child, exited }
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.each(allEngines)('on $name', (engine) => {
  test.skipIf(!engine.available)(
    'a sender killed mid-send is started again and every message is accepted exactly once',
    async () => {
      const opened: TestDatabase = await engine.open()
      const smtp = await startSmtpCapture()
      try {
        const { database } = opened
        await migrateToLatest(database)
        const mail = loadConfig({ MAIL_FROM, BROKER_INBOXES: '{"carfinance": ""}' }).mail
        for (let i = 0; i < MESSAGES; i += 1) {
          const payload = validSubmission(randomUUID())
          const key = payload.submissionKey
          await storeSubmission(
            database.db,
            {
              submissionKey: key,
              body: payload,
              brand: 'carfinance',
              payload: payload as unknown as Record<string, unknown>,
              answer: { status: 201, body: '{}' },
              reference: applicationReference(key),
              now: new Date(),
              serverSequence: Date.now() * 1000 + i,
              emails: submissionEmails(
                {
                  submissionKey: key,
                  brand: 'carfinance',
                  reference: applicationReference(key),
                  jointApplicant: false,
                  loanKind: 'vehicle',
                  now: new Date(),
                },
                mail,
              ),
            },
            { dataKeys: undefined, destinationIds: () => [] },
          )
        }
        const rows = await database.db.selectFrom('emails').select('id').execute()
        expect(rows).toHaveLength(MESSAGES)

        const env = {
          ...(engine.dialect === 'sqlite'
            ? { DATA_DIR: opened.location }
            : {
                DATABASE_URL: (() => {
                  const url = new URL(TEST_POSTGRES_URL)
                  url.searchParams.set('options', `-c search_path=${opened.location}`)
                  return url.toString()
                })(),
              }),
          SMTP_URL: smtp.url,
          MAIL_FROM,
          EMAIL_LEASE_MS: '2000',
        }
        // The third message's DATA is held without an answer; the sender is killed while it waits.
        smtp.onData = (index) => (index === 2 ? 'hold' : 'accept')
        const held = new Promise<void>((resolve) => {
          const watch = async () => {
            for (;;) if ((await smtp.dataArrived()) === 2) return resolve()
          }
          void watch()
        })
        const first = startSender(env)
        await held
        first.child.kill('SIGKILL')
        await first.exited
        expect(smtp.messages).toHaveLength(2)
        const statuses = await database.db.selectFrom('emails').select('status').execute()
        expect(statuses.filter((row) => row.status === 'in_flight')).toHaveLength(1)

        smtp.onData = () => 'accept'
        const second = startSender(env)
        try {
          await waitFor(
            async () =>
              (await database.db.selectFrom('emails').select('status').execute()).every(
                (row) => row.status === 'sent',
              ),
            30_000,
            'every message to be sent after the restart',
          )
        } finally {
          second.child.kill('SIGKILL')
          await second.exited
        }
        const received = smtp.messages.map((message) => message.headers.get('message-id'))
        expect(received).toHaveLength(MESSAGES)
        expect([...received].sort()).toEqual(
          rows.map((row) => messageIdOf(row.id, MAIL_FROM)).sort(),
        )
        const attempts = await database.db.selectFrom('emails').select('attempts').execute()
        expect(attempts.map((row) => row.attempts).sort()).toEqual([1, 1, 1, 1, 1, 2])
      } finally {
        await smtp.close()
        await opened.cleanup()
      }
    },
    60_000,
  )
})

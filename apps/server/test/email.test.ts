// The email outbox end to end on both engines: a submission through the real route queues its messages
// in its own transaction; the sender renders them and hands them over real SMTP to a local server
// (smtp-server, started here), or writes .eml files; retries and refusals. Decisions 1652, 1653.

import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brands } from '@forecourt/domain/brands/brand-data'
import { REPOSSESSION_WARNING, whatHappensNext } from '@forecourt/domain/messages/what-happens-next'
import {
  toFullSubmissionPayload,
  type FullSubmissionPayload,
} from '@forecourt/domain/payload/full-payload'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { loadConfig } from '../src/config'
import type { EmailRow } from '../src/db/tables'
import { needsAttentionAlert } from '../src/email/enqueue'
import { emailRow, enqueueEmails, emailsForApplication } from '../src/email/outbox'
import { EmailSender, messageIdOf } from '../src/email/sender'
import { fileTransport, smtpTransport } from '../src/email/transport'
import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { startSmtpCapture, parseMessage, type SmtpCapture } from './smtp-capture'
import {
  startEngineApp,
  submissionUrl,
  validSubmission,
  type EngineApp,
} from './submission-test-helpers'
import { engines, temporaryFolder } from './test-databases'

const allEngines = await engines()

const MAIL_ENV = {
  MAIL_FROM: 'no-reply@carfinance.example',
  BROKER_INBOXES: JSON.stringify({ carfinance: 'alerts@carfinance.example', harbourlend: '' }),
  BACK_OFFICE_HOST: 'backoffice.example.com',
  BACK_OFFICE_URL: 'https://backoffice.example.com',
}
const mailConfig = loadConfig(MAIL_ENV).mail

function jointSubmission(key: string = randomUUID()): FullSubmissionPayload {
  const state = filledJointState()
  state.GUID = key
  state.applicationKey = key
  return toFullSubmissionPayload(state, { brand: brands.harbourlend, now: new Date() })
}

/** Everything personal in an application except the recipient's own name and address. */
function personalValues(payload: FullSubmissionPayload): string[] {
  const values: string[] = [payload.contactNumber ?? '', (payload.dateOfBirth ?? '').slice(0, 10)]
  for (const address of payload.addresses ?? []) {
    for (const value of [address.postcode, address.street]) {
      if (typeof value === 'string' && value !== '') values.push(value)
    }
  }
  for (const employment of payload.employments ?? []) {
    if (employment.employerName !== undefined) values.push(employment.employerName)
  }
  values.push(String(payload.netMonthlyIncome), String(payload.loanAmount))
  return values
}

async function emailRows(app: EngineApp, key: string): Promise<EmailRow[]> {
  return app.database.db
    .selectFrom('emails')
    .selectAll()
    .where('application_key', '=', key)
    .orderBy('template')
    .execute()
}

async function sendAll(sender: EmailSender): Promise<void> {
  while ((await sender.runOnce()) > 0) {
    // each round claims what is due
  }
}

describe.each(allEngines)('emails on $name', (engine) => {
  let app: EngineApp
  let smtp: SmtpCapture

  beforeAll(async () => {
    if (!engine.available) return
    app = await startEngineApp(engine, MAIL_ENV)
    smtp = await startSmtpCapture()
  })
  afterAll(async () => {
    await app?.close()
    await smtp?.close()
  })

  const sender = () =>
    new EmailSender({
      database: app.database,
      transport: smtpTransport(smtp.url),
      mail: mailConfig,
      dataKeys: undefined,
      pollIntervalMs: 20,
    })

  test.skipIf(!engine.available)(
    'a single submission queues the confirmation and the broker alert with it; the sender sends each once over SMTP',
    async () => {
      const payload = validSubmission()
      const key = payload.submissionKey
      const answer = await app.post(submissionUrl(key), payload)
      expect(answer.statusCode).toBe(201)
      const reference = applicationReference(key)

      const rows = await emailRows(app, key)
      expect(rows.map((row) => [row.template, row.recipient, row.status])).toEqual([
        ['applicant-confirmation', 'applicant', 'pending'],
        ['broker-alert', 'broker', 'pending'],
      ])
      // The outbox row holds no address and no name.
      for (const row of rows) {
        expect(JSON.stringify(row)).not.toContain('ada.oneill')
        expect(JSON.stringify(row)).not.toContain("O'Neill")
      }

      // The same submission again: no second message.
      expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
      expect(await emailRows(app, key)).toHaveLength(2)

      smtp.messages.length = 0
      await sendAll(sender())
      const sent = await emailRows(app, key)
      expect(sent.map((row) => [row.status, row.attempts])).toEqual([
        ['sent', 1],
        ['sent', 1],
      ])
      expect(smtp.messages).toHaveLength(2)

      const confirmation = smtp.messages.find((message) =>
        message.to.includes('ada.oneill@example.com'),
      )!
      expect(confirmation.from).toBe('no-reply@carfinance.example')
      expect(confirmation.headers.get('from')).toBe(
        'Car Finance Direct <no-reply@carfinance.example>',
      )
      expect(confirmation.headers.get('to')).toBe('"Ada O\'Neill" <ada.oneill@example.com>')
      expect(confirmation.headers.get('subject')).toBe(
        `We have received your application (${reference})`,
      )
      const row = sent.find((entry) => entry.template === 'applicant-confirmation')!
      expect(confirmation.headers.get('message-id')).toBe(
        messageIdOf(row.id, 'no-reply@carfinance.example'),
      )
      expect(confirmation.headers.get('auto-submitted')).toBe('auto-generated')
      expect(confirmation.headers.has('list-unsubscribe')).toBe(false)

      expect(confirmation.text).toContain("Dear Ada O'Neill,")
      expect(confirmation.text).toContain(`Your reference is ${reference}.`)
      expect(confirmation.text).toContain('What happens next')
      // The thank-you page's steps, word for word; a vehicle loan carries no repossession warning.
      expect(confirmation.text).toContain(
        'Thank you for applying for vehicle finance with Car Finance Direct.',
      )
      expect(confirmation.text).toContain(
        whatHappensNext({
          brand: brands.carfinance,
          kind: 'vehicle',
          joint: false,
          reader: 'applicant',
        })
          .map((step, index) => `${index + 1}. ${step}`)
          .join('\n'),
      )
      expect(confirmation.text).not.toContain('repossessed')
      expect(confirmation.text).toContain('How we are paid')
      expect(confirmation.text).toContain(
        'You can ask us how much commission we will receive before you decide.',
      )
      expect(confirmation.text).toContain('We work with a panel of 12 lenders;')
      expect(confirmation.text).toContain('complaints@carfinance.example')
      expect(confirmation.text).toContain('Financial Ombudsman Service')
      expect(confirmation.text).toContain('(firm reference number 745208)')

      expect(confirmation.html).toContain('<html lang="en-GB">')
      expect(confirmation.html).toContain('<h1 style=')
      expect(confirmation.html).toContain('>We have received your application</h1>')
      expect(confirmation.html).toContain('>How we are paid</h2>')
      expect(confirmation.html).toContain('background:#00703C;color:#FFFFFF')
      expect(confirmation.html).toContain(
        '<a href="https://www.carfinance.example/" style="color:#00703C;text-decoration:underline">Visit Car Finance Direct&#39;s website</a>',
      )
      expect(confirmation.html).toContain('Dear Ada O&#39;Neill,')
      // No images at all, so no tracking pixel.
      expect(confirmation.html).not.toMatch(/<img|url\(/i)

      for (const value of personalValues(payload)) {
        expect(confirmation.text, value).not.toContain(value)
        expect(confirmation.html, value).not.toContain(value)
        expect(confirmation.headers.get('subject'), value).not.toContain(value)
      }

      const alert = smtp.messages.find((message) =>
        message.to.includes('alerts@carfinance.example'),
      )!
      expect(alert.headers.get('subject')).toBe(
        `New application: ${reference} (Car Finance Direct)`,
      )
      expect(alert.text).toContain(`Reference: ${reference}`)
      expect(alert.text).toContain('Brand: Car Finance Direct')
      expect(alert.text).toMatch(/Submitted: \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(UK time\)/)
      expect(alert.text).toContain(`https://backoffice.example.com/applications/${key}`)
      expect(alert.html).toContain(`>Open ${reference} in the back office</a>`)
      for (const value of [...personalValues(payload), 'Ada', "O'Neill", 'ada.oneill']) {
        expect(alert.text, value).not.toContain(value)
        expect(alert.html, value).not.toContain(value)
      }
    },
  )

  test.skipIf(!engine.available)(
    'a joint application sends each applicant their own confirmation, naming only them',
    async () => {
      const payload = jointSubmission()
      const key = payload.submissionKey
      // Sent from the brand's own site: no page files an application into another brand (decision 1572).
      const sent = await app.post(submissionUrl(key), payload, { host: 'harbourlend.localhost' })
      expect(sent.statusCode).toBe(201)
      // BROKER_INBOXES turns harbourlend's alerts off here. The joint applicant's link to confirm their
      // part is queued too (decision 1951), just after the submission's commit (decision 1823).
      await expect.poll(async () => (await emailRows(app, key)).length).toBe(3)
      const rows = await emailRows(app, key)
      expect(rows.map((row) => [row.template, row.recipient])).toEqual([
        ['applicant-confirmation', 'applicant'],
        ['joint-applicant-confirmation', 'joint-applicant'],
        ['joint-confirm-link', 'joint-applicant'],
      ])
      smtp.messages.length = 0
      await sendAll(sender())
      const main = smtp.messages.find((message) => message.to.includes(payload.email ?? ''))!
      const joint = smtp.messages.find(
        (message) =>
          message.to.includes(payload.JointApplicant!.email ?? '') &&
          message.headers.get('subject')?.startsWith('You are named') === true,
      )!
      expect(main.text).toContain(`Dear ${payload.firstName} ${payload.lastName},`)
      expect(joint.headers.get('subject')).toBe(
        `You are named on an application (${applicationReference(key)})`,
      )
      const jointName = `${payload.JointApplicant!.firstName} ${payload.JointApplicant!.lastName}`
      expect(joint.text).toContain(`Dear ${jointName},`)
      expect(joint.text).toContain('names you as the joint applicant')
      // Neither sees the other's name or address.
      for (const value of [payload.firstName, payload.lastName, payload.email]) {
        expect(joint.text).not.toContain(value)
        expect(joint.html).not.toContain(value)
      }
      for (const value of [jointName, payload.JointApplicant!.email]) {
        expect(main.text).not.toContain(value)
        expect(main.html).not.toContain(value)
      }
      // One account of what the firm is: a credit broker, in the panel statement as in the rest.
      expect(main.text).toContain(
        'We work with a panel of 9 lenders; we do not search the whole market. We are not tied to any lender.',
      )
      expect(main.text).toContain('a credit broker, not a lender')
      expect(main.text).not.toContain('itself a lender')

      // A homeowner loan is named as one, with its warning, and the steps are the thank-you page's own.
      expect(main.text).toContain(
        'Thank you for applying for a homeowner loan (a loan secured on a home) with Harbour Lending.',
      )
      expect(joint.text).toContain(
        'Harbour Lending has received an application for a homeowner loan (a loan secured on a home) ' +
          'that names you as the joint applicant.',
      )
      for (const [message, reader] of [
        [main, 'applicant'],
        [joint, 'joint-applicant'],
      ] as const) {
        expect(message.text).not.toContain('vehicle finance')
        expect(message.text).toContain(`WARNING: ${REPOSSESSION_WARNING}`)
        expect(message.html).toContain(
          `<p style="margin:0 0 16px;font-weight:bold">${REPOSSESSION_WARNING}</p>`,
        )
        const steps = whatHappensNext({
          brand: brands.harbourlend,
          kind: 'property',
          joint: true,
          reader,
        })
        expect(steps.some((step) => step.includes('secured on the home'))).toBe(true)
        expect(message.text).toContain(
          steps.map((step, index) => `${index + 1}. ${step}`).join('\n'),
        )
      }
      expect(joint.text).toContain(
        '1. Harbour Lending will contact you and the main applicant within one working day',
      )
    },
  )

  test.skipIf(!engine.available)(
    'a message that cannot be queued undoes its submission: they are one transaction',
    async () => {
      const payload = validSubmission()
      const key = payload.submissionKey
      const broken = {
        ...emailRow({
          template: 'applicant-confirmation',
          brand: 'carfinance',
          applicationKey: key,
          recipient: 'applicant',
          params: {},
          dedupeKey: `broken:${key}`,
          now: new Date(),
        }),
        template: null as unknown as string,
      }
      const submission = {
        submissionKey: key,
        body: payload,
        brand: 'carfinance',
        payload: payload as unknown as Record<string, unknown>,
        answer: { status: 201, body: '{}' },
        reference: applicationReference(key),
        now: new Date(),
        serverSequence: Date.now() * 1000,
        emails: [broken],
      }
      // The route's own store: the writer thread on SQLite, the in-process group commit on PostgreSQL.
      const store = app.app.writeStore.submit
      await expect(store(submission)).rejects.toThrow()
      const stored = await app.database.db
        .selectFrom('applications')
        .select('application_key')
        .where('application_key', '=', key)
        .execute()
      expect(stored).toEqual([])
      expect(await emailRows(app, key)).toEqual([])
      // Without the broken message it stores, with its messages.
      await expect(
        store({ ...submission, emails: [{ ...broken, template: 'applicant-confirmation' }] }),
      ).resolves.toMatchObject({ stored: true })
      expect((await emailRows(app, key)).map((row) => row.template)).toEqual([
        'applicant-confirmation',
      ])
    },
  )

  test.skipIf(!engine.available)(
    'a server that answers 4xx is tried again later; a 5xx refusal ends dead after 3 tries',
    async () => {
      const payload = validSubmission()
      const key = payload.submissionKey
      expect((await app.post(submissionUrl(key), payload)).statusCode).toBe(201)
      let clock = Date.now()
      const later = new EmailSender({
        database: app.database,
        transport: smtpTransport(smtp.url),
        mail: mailConfig,
        dataKeys: undefined,
        now: () => new Date(clock),
        random: () => 0.5,
      })
      smtp.messages.length = 0
      smtp.onData = () => ({ code: 451, message: 'Try again later' })
      await sendAll(later)
      let rows = await emailRows(app, key)
      expect(rows.map((row) => [row.status, row.attempts, row.last_error])).toEqual([
        ['pending', 1, 'SMTP 451 (EMESSAGE)'],
        ['pending', 1, 'SMTP 451 (EMESSAGE)'],
      ])
      // Not due yet; then due after the backoff (half of 30 s with this random).
      expect(await later.runOnce()).toBe(0)
      clock += 15_001
      smtp.onData = (index) =>
        index % 2 === 0 ? 'accept' : { code: 550, message: 'Mailbox unavailable' }
      await sendAll(later)
      for (let round = 0; round < 4; round += 1) {
        clock += 60 * 60_000
        await sendAll(later)
      }
      rows = await emailRows(app, key)
      const statuses = rows.map((row) => row.status).sort()
      expect(statuses).toContain('sent')
      const dead = rows.filter((row) => row.status === 'dead')
      for (const row of dead) {
        expect(row.attempts).toBe(3)
        expect(row.last_error).toBe('SMTP 550 (EMESSAGE)')
      }
      smtp.onData = () => 'accept'
    },
  )

  test.skipIf(!engine.available)(
    'the needs-attention alert can be queued by any store in its transaction',
    async () => {
      const key = randomUUID()
      const now = new Date('2026-11-24T10:15:00Z')
      const row = needsAttentionAlert(
        {
          brand: 'carfinance',
          reference: applicationReference(key),
          applicationKey: key,
          caseId: 'case-1',
          now,
        },
        mailConfig,
      )!
      await app.database.db.transaction().execute((trx) => enqueueEmails(trx, [row]))
      // The same case again is absorbed.
      await app.database.db
        .transaction()
        .execute((trx) => enqueueEmails(trx, [{ ...row, id: 'eml_other' }]))
      expect(
        (await emailsForApplication(app.database.db, key)).map((email) => email.template),
      ).toEqual(['broker-alert'])
      smtp.messages.length = 0
      await sendAll(sender())
      expect(smtp.messages).toHaveLength(1)
      const [alert] = smtp.messages
      expect(alert!.headers.get('subject')).toBe(
        `An application needs attention: ${applicationReference(key)} (Car Finance Direct)`,
      )
      expect(alert!.text).toContain('Arrived: 24 November 2026 at 10:15 (UK time)')
    },
  )
})

test('the file transport writes each message once as an .eml file under DATA_DIR/mail, replacing it on a second try', async () => {
  const dataDir = await temporaryFolder()
  const folder = join(dataDir, 'mail')
  const transport = fileTransport(folder)
  const email = {
    id: 'eml_0123456789abcdef0123456789abcdef',
    messageId: '<eml_0123456789abcdef0123456789abcdef@carfinance.example>',
    from: { name: 'Car Finance Direct', address: 'no-reply@carfinance.example' },
    to: { name: 'Ada Lovelace', address: 'ada@example.com' },
    subject: 'We have received your application (FC-ABCD-EFGH)',
    text: 'Dear Ada Lovelace,\n\nA pound sign: £',
    html: '<p>Dear Ada Lovelace,</p>',
    date: new Date('2026-11-24T10:15:00.123Z'),
  }
  await transport.send(email)
  await transport.send(email)
  transport.close()
  expect(await readdir(folder)).toEqual([
    '20261124T101500Z-eml_0123456789abcdef0123456789abcdef.eml',
  ])
  const raw = await readFile(join(folder, (await readdir(folder))[0]!), 'utf8')
  const parsed = parseMessage(raw)
  expect(parsed.headers.get('message-id')).toBe(email.messageId)
  expect(parsed.headers.get('subject')).toBe(email.subject)
  expect(parsed.headers.get('date')).toBe('Tue, 24 Nov 2026 10:15:00 +0000')
  expect(parsed.text).toBe(email.text)
  expect(parsed.html).toBe(email.html)
})

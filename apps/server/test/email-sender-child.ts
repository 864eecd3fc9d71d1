// A process that runs the real email sender against a database and an SMTP server given in its
// environment, for the crash test: it can be killed with SIGKILL at any moment. The lease is short
// (EMAIL_LEASE_MS) so the test need not wait two minutes for a killed sender's message to come back.

import { loadConfig } from '../src/config'
import { createDatabase } from '../src/db/database'
import { EmailSender } from '../src/email/sender'
import { smtpTransport } from '../src/email/transport'

const config = loadConfig()
const database = createDatabase(config)
const sender = new EmailSender({
  database,
  transport: smtpTransport(config.mail.smtpUrl ?? ''),
  mail: config.mail,
  dataKeys: config.dataKeys,
  concurrency: 1,
  pollIntervalMs: 50,
  leaseMs: Number(process.env.EMAIL_LEASE_MS ?? 2000),
})
sender.start()
console.log('sender started')

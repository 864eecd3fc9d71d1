// How a composed message leaves: over SMTP (nodemailer, SMTP_URL) or, by default, as an .eml file under
// DATA_DIR/mail/ (nodemailer's stream transport writes the same bytes an SMTP server would receive).
// Decision 1653. nodemailer is loaded with the first message, not at start-up: it and the Node modules it
// brings hold about 5 MB of heap that a server sending nothing need not keep (decision 1961).

import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type nodemailer from 'nodemailer'
import type { Transporter } from 'nodemailer'
import type { MailConfig } from './mail-config'

export interface OutgoingEmail {
  /** The outbox row's id: names the .eml file and the Message-ID, the same on every try. */
  id: string
  messageId: string
  from: { name: string; address: string }
  to: { name: string; address: string }
  subject: string
  text: string
  html: string
  /** When the message was queued: the Date header, the same on every try. */
  date: Date
}

/** Why a send failed: `permanent` when the server refused the message for good (a 5xx answer). */
export class SendError extends Error {
  readonly permanent: boolean
  readonly responseCode: number | undefined

  constructor(message: string, options: { permanent: boolean; responseCode?: number }) {
    super(message)
    this.name = 'SendError'
    this.permanent = options.permanent
    this.responseCode = options.responseCode
  }
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file'
  /** Resolves once the server accepted the message (250 after DATA) or the file is on disk. */
  send(email: OutgoingEmail): Promise<void>
  close(): void
}

// A message that takes longer than this is abandoned and tried again later.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

function mailOptions(email: OutgoingEmail) {
  return {
    messageId: email.messageId,
    date: email.date,
    from: email.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    // Base64 parts: safe through any relay, and the same bytes every time.
    textEncoding: 'base64' as const,
    headers: {
      // A service message: no auto-replies back to us, and it says it is automatic.
      'Auto-Submitted': 'auto-generated',
    },
  }
}

export function createMailTransport(config: MailConfig): MailTransport {
  return config.transport === 'smtp' && config.smtpUrl !== undefined
    ? smtpTransport(config.smtpUrl)
    : fileTransport(config.folder)
}

/** A nodemailer transporter made on first use; closing one that was never made does nothing. */
function onFirstUse(make: (mailer: typeof nodemailer) => Transporter): {
  get(): Promise<Transporter>
  close(): void
} {
  let transporter: Promise<Transporter> | undefined
  return {
    get: () => (transporter ??= import('nodemailer').then(({ default: mailer }) => make(mailer))),
    close: () => {
      void transporter?.then((made) => made.close())
    },
  }
}

export function smtpTransport(url: string): MailTransport {
  const transporter = onFirstUse((mailer) => mailer.createTransport({ url, ...SMTP_TIMEOUTS }))
  return {
    kind: 'smtp',
    async send(email) {
      const made = await transporter.get()
      try {
        await made.sendMail(mailOptions(email))
      } catch (error) {
        throw describeSmtpError(error)
      }
    },
    close: transporter.close,
  }
}

/** A short reason without the address, the server's name or anything the server wrote back. */
function describeSmtpError(error: unknown): SendError {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  const status = typeof responseCode === 'number' ? responseCode : undefined
  const name = typeof code === 'string' ? code : 'error'
  if (status !== undefined) {
    return new SendError(`SMTP ${status} (${name})`, {
      permanent: status >= 500,
      responseCode: status,
    })
  }
  return new SendError(`SMTP ${name}`, { permanent: false })
}

/**
 * Each message as `<queued time>-<id>.eml` in `folder`, written whole to a temporary name and renamed, so
 * a reader never sees half a message and a second try replaces the first file instead of adding one.
 */
export function fileTransport(folder: string): MailTransport {
  const transporter = onFirstUse((mailer) =>
    mailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'windows',
    }),
  )
  return {
    kind: 'file',
    async send(email) {
      const info = await (await transporter.get()).sendMail(mailOptions(email))
      await mkdir(folder, { recursive: true })
      const name = emlFileName(email)
      const temporary = join(folder, `.${name}.${process.pid}.tmp`)
      await writeFile(temporary, info.message as Buffer)
      await rename(temporary, join(folder, name))
    },
    close: transporter.close,
  }
}

export function emlFileName(email: Pick<OutgoingEmail, 'id' | 'date'>): string {
  const stamp = email.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `${stamp}-${email.id}.eml`
}

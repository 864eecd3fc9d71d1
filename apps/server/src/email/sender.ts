// The email sender: claims due outbox rows under a lease, finds each recipient (the stored application,
// or the brand's broker inbox), renders the template and hands the message to the transport; then marks
// it sent, or backs off and tries again, in the delivery worker's style (decisions 0705, 1652). Several
// senders share one database safely. Logs name the message id, template and attempt, never an address.
// A link's email carries its recipient and token sealed (decision 1951): they are opened only here, only
// while the link still works, and the row keeps them no longer than until it is sent or given up.

import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Brand, BrandId } from '@forecourt/domain/brands/brand'
import { brands, isBrandId } from '@forecourt/domain/brands/brand-data'
import { brandMail } from '@forecourt/domain/brands/brand-mail'
import type { Config } from '../config'
import type { DataKeyring } from '../crypto/field-encryption'
import type { Database } from '../db/database'
import type { EmailRow } from '../db/tables'
import { nextStep, type AttemptResult, type RetryPolicy } from '../delivery/backoff'
import { ClaimLoop } from '../delivery/claim-loop'
import type { DeliveryLogger } from '../delivery/worker'
import { statusLinkForMessage } from '../offers/status-link'
import { findApplication } from '../repositories/application-repository'
import { findLinkById, isUsable } from '../save-return/links'
import type { MailConfig } from './mail-config'
import { claimDueEmails, recordEmailAttempt } from './outbox'
import { openParams, sealKeyFor, SealedParamsError, type SealKey } from './sealed-params'
import { findTemplate } from './templates'
import { searchIndexKey } from '../back-office/search-index'
import { createMailTransport, SendError, type MailTransport, type OutgoingEmail } from './transport'

const SECOND = 1000
const MINUTE = 60 * SECOND

/**
 * Messages are less urgent than deliveries and an SMTP relay's outage is usually short: from 30 s to at
 * most an hour between tries, 20 tries (about a day); a refusal for good (a 5xx) after 3.
 */
export const EMAIL_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  baseDelayMs: 30 * SECOND,
  factor: 2,
  maxDelayMs: 60 * MINUTE,
  maxAttempts: 20,
  maxRejectedAttempts: 3,
})

export interface EmailSenderOptions {
  database: Database
  transport: MailTransport
  mail: MailConfig
  dataKeys: DataKeyring | undefined
  /** Opens the sealed parameters of link emails; without it they wait (failed attempts) for one. */
  sealKey?: SealKey
  logger?: DeliveryLogger
  workerId?: string
  concurrency?: number
  pollIntervalMs?: number
  /** Longer than a send can take (the SMTP timeouts add up to under a minute). */
  leaseMs?: number
  policy?: Partial<RetryPolicy>
  now?: () => Date
  random?: () => number
  /**
   * The applicant's own page (decision 2113): the site a brand's links open on, and the key of the address
   * hashes. With them, the applicant's confirmation and updates carry a fresh one-time link to their page.
   */
  statusLinks?: { origin: (brand: string) => string; hashKey: Buffer }
}

/** The messages to the applicant that carry a link to their own page. */
const WITH_STATUS_LINK: ReadonlySet<string> = new Set(['applicant-confirmation', 'decision-update'])

interface Recipient {
  name: string
  address: string
}

/** A message that can never be sent as it stands (no address, an unknown template). */
class Unsendable extends Error {}

/** A message that cannot be sent yet but may be once the configuration is put right (a key). */
class NotYet extends Error {}

export class EmailSender {
  readonly workerId: string
  private readonly database: Database
  private readonly transport: MailTransport
  private readonly mail: MailConfig
  private readonly dataKeys: DataKeyring | undefined
  private readonly sealKey: SealKey | undefined
  private readonly logger: DeliveryLogger | undefined
  private readonly leaseMs: number
  private readonly policy: RetryPolicy
  private readonly now: () => Date
  private readonly random: () => number
  private readonly statusLinks: EmailSenderOptions['statusLinks']
  private readonly loop: ClaimLoop<EmailRow>

  constructor(options: EmailSenderOptions) {
    this.database = options.database
    this.transport = options.transport
    this.mail = options.mail
    this.dataKeys = options.dataKeys
    this.sealKey = options.sealKey
    this.logger = options.logger
    this.workerId =
      options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
    this.loop = new ClaimLoop({
      concurrency: options.concurrency ?? 2,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      claim: (limit) => this.claim(limit),
      attempt: (row) => this.attempt(row),
      onPollError: (error) =>
        this.logger?.warn({ err: error, workerId: this.workerId }, 'email poll failed'),
    })
    this.leaseMs = options.leaseMs ?? 2 * MINUTE
    this.policy = { ...EMAIL_RETRY_POLICY, ...options.policy }
    this.now = options.now ?? (() => new Date())
    this.random = options.random ?? Math.random
    this.statusLinks = options.statusLinks
  }

  start(): void {
    if (!this.loop.start()) return
    this.logger?.info(
      { workerId: this.workerId, transport: this.transport.kind },
      'email sender started',
    )
  }

  /** Stops claiming and waits for the sends in flight (each ends within the transport's timeouts). */
  async stop(): Promise<void> {
    const wasRunning = this.loop.running
    await this.loop.stopClaiming()
    await this.loop.drain()
    this.transport.close()
    if (wasRunning) this.logger?.info({ workerId: this.workerId }, 'email sender stopped')
  }

  /** Looks for due messages now rather than at the next poll: one was just queued in this process. */
  nudge(): void {
    this.loop.nudge()
  }

  /** One round without the loop (tests): claims what is due and waits for those sends. */
  runOnce(): Promise<number> {
    return this.loop.runOnce()
  }

  private claim(limit: number): Promise<EmailRow[]> {
    return claimDueEmails(this.database, {
      workerId: this.workerId,
      limit,
      now: this.now(),
      leaseMs: this.leaseMs,
      maxAttempts: this.policy.maxAttempts,
    })
  }

  /** Never throws: whatever happens is recorded on the row, or left to the lease. */
  private async attempt(row: EmailRow): Promise<void> {
    const fields = { emailId: row.id, template: row.template, attempt: row.attempts }
    let result: AttemptResult
    try {
      await this.transport.send(await this.compose(row))
      result = { kind: 'delivered', statusCode: 250 }
    } catch (error) {
      result =
        error instanceof Unsendable
          ? { kind: 'undeliverable', error: error.message }
          : error instanceof NotYet
            ? { kind: 'failed', statusCode: null, error: error.message }
            : error instanceof SendError
              ? error.permanent
                ? { kind: 'rejected', statusCode: error.responseCode ?? null, error: error.message }
                : { kind: 'failed', statusCode: error.responseCode ?? null, error: error.message }
              : { kind: 'failed', statusCode: null, error: 'internal error while sending' }
      if (
        !(error instanceof Unsendable) &&
        !(error instanceof NotYet) &&
        !(error instanceof SendError)
      ) {
        this.logger?.error({ ...fields, err: error }, 'email attempt failed unexpectedly')
      }
    }
    const now = this.now()
    const step = nextStep(result, row.attempts, now, this.policy, this.random)
    const error = result.kind === 'delivered' ? null : result.error
    try {
      const recorded = await recordEmailAttempt(this.database.db, {
        id: row.id,
        workerId: this.workerId,
        attempt: row.attempts,
        step,
        error,
        now,
      })
      const logFields = {
        ...fields,
        status: step.status === 'delivered' ? 'sent' : step.status,
        ...(error === null ? {} : { error }),
      }
      if (!recorded) this.logger?.warn(logFields, 'email lease lost; another sender owns it now')
      else if (step.status === 'dead') this.logger?.warn(logFields, 'email dead')
      else this.logger?.info(logFields, 'email attempt')
    } catch (recordError) {
      // The lease runs out and the message is tried again with the same Message-ID (decision 1652).
      this.logger?.error({ ...fields, err: recordError }, 'email result not recorded')
    }
  }

  /** The message a row stands for, with the recipient found now. */
  async compose(row: EmailRow): Promise<OutgoingEmail> {
    const template = findTemplate(row.template)
    if (template === undefined) throw new Unsendable('unknown template')
    if (!template.recipients.includes(row.recipient)) {
      throw new Unsendable('the template is not for this recipient')
    }
    if (!isBrandId(row.brand)) throw new Unsendable('unknown brand')
    const brand = brands[row.brand]
    let params = JSON.parse(row.params) as Record<string, unknown>
    let recipient: Recipient
    if (template.link === true) {
      const opened = await this.openLinkEmail(row, params)
      recipient = opened.to
      params = { ...params, ...opened.params }
    } else {
      recipient = await this.recipientOf(row, brand)
    }
    if (
      this.statusLinks !== undefined &&
      row.recipient === 'applicant' &&
      row.application_key !== null &&
      WITH_STATUS_LINK.has(row.template)
    ) {
      const link = await statusLinkForMessage(this.database.db, {
        applicationKey: row.application_key,
        brand: row.brand,
        origin: this.statusLinks.origin(row.brand),
        recipientAddress: recipient.address,
        hashKey: this.statusLinks.hashKey,
        now: this.now(),
      })
      if (link !== undefined) {
        params = { ...params, statusLink: link.href, statusLinkExpiresAt: link.expiresAt }
      }
    }
    const rendered = template.render({
      brand,
      mail: brandMail[row.brand as BrandId],
      recipientName: row.recipient === 'broker' ? undefined : recipient.name,
      applicationKey: row.application_key,
      params,
      backOfficeUrl: this.mail.backOfficeUrl,
    })
    return {
      id: row.id,
      messageId: messageIdOf(row.id, this.mail.from),
      from: { name: brand.tradingName, address: this.mail.from },
      to: recipient,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      date: new Date(row.created_at),
    }
  }

  /**
   * A link's email: only while its link still works (not used, replaced, void or expired, nor deleted
   * with its application), the recipient and the token from the sealed parameters, the expiry from the
   * link (decision 1951).
   */
  private async openLinkEmail(
    row: EmailRow,
    params: Record<string, unknown>,
  ): Promise<{ to: Recipient; params: Record<string, string> }> {
    const linkId = params.linkId
    if (typeof linkId !== 'string') throw new Unsendable('the message names no link')
    const link = await findLinkById(this.database.db, linkId)
    if (link === undefined || !isUsable(link, this.now()) || row.sealed === null) {
      throw new Unsendable('the link no longer works')
    }
    if (this.sealKey === undefined) throw new NotYet('no key to open the sealed parameters')
    try {
      const opened = openParams(row.sealed, this.sealKey, row.dedupe_key)
      return { to: opened.to, params: { ...opened.params, expiresAt: link.expires_at } }
    } catch (error) {
      // A key changed under a waiting message: tried again, in case the change is put back.
      if (error instanceof SealedParamsError) throw new NotYet(error.message)
      throw error
    }
  }

  private async recipientOf(row: EmailRow, brand: Brand): Promise<Recipient> {
    if (row.recipient === 'broker') {
      const address = this.mail.brokerInboxes[brand.id]
      if (address === undefined) throw new Unsendable('no broker inbox configured for the brand')
      return { name: `${brand.tradingName} applications`, address }
    }
    if (row.application_key === null) throw new Unsendable('no application to send to')
    // A missing data key throws: a failed attempt, tried again once the configuration is fixed.
    const application = await findApplication(this.database.db, row.application_key, this.dataKeys)
    if (application === undefined) throw new Unsendable('the application is no longer stored')
    const person =
      row.recipient === 'joint-applicant' ? application.payload.JointApplicant : application.payload
    const { email, firstName, lastName } = (person ?? {}) as Record<string, unknown>
    if (typeof email !== 'string' || email === '') {
      throw new Unsendable('the application has no email address for this recipient')
    }
    const name = [firstName, lastName].filter((part) => typeof part === 'string').join(' ')
    return { name, address: email }
  }
}

/** The same Message-ID on every try of one message, so a repeat is recognisable (decision 1652). */
export function messageIdOf(emailId: string, from: string): string {
  const domain = from.slice(from.lastIndexOf('@') + 1)
  return `<${emailId}@${domain}>`
}

/** The sender as the server and `npm run worker` run it. */
export function createEmailSender(
  config: Pick<Config, 'mail' | 'dataKeys' | 'backOffice' | 'secret' | 'siteOrigins'>,
  database: Database,
  logger: DeliveryLogger,
  options: Partial<EmailSenderOptions> = {},
): EmailSender {
  return new EmailSender({
    database,
    transport: createMailTransport(config.mail),
    mail: config.mail,
    dataKeys: config.dataKeys,
    sealKey: sealKeyFor(config),
    logger,
    statusLinks: {
      origin: (brand) => config.siteOrigins[brand as BrandId],
      hashKey: searchIndexKey(config.backOffice.indexKey, config.dataKeys),
    },
    ...options,
  })
}

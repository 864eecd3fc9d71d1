// What ties the simulator to a Forecourt server: one secret per simulated lender, kept in a file so that the
// server and the simulator agree across restarts (a delivery waiting in the outbox is signed with it), and the
// LENDER_DESTINATIONS the server reads, giving each brand the simulated lenders for the kinds of loan it offers.

import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { brands } from '@forecourt/domain/brands/brand-data'
import type { LenderRules } from './lenders'

export type Secrets = Record<string, string>

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/** The secrets in `path`, with a new one for each lender that has none yet; the file is written when it changes. */
export function loadSecrets(path: string, lenders: readonly LenderRules[]): Secrets {
  const secrets: Secrets = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Secrets)
    : {}
  let changed = false
  for (const lender of lenders) {
    if (typeof secrets[lender.id] !== 'string') {
      secrets[lender.id] = newSecret()
      changed = true
    }
  }
  if (changed) {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
  }
  return secrets
}

export interface DestinationEntry {
  id: string
  url: string
  secret: string
}

/** LENDER_DESTINATIONS for every brand: the simulated lenders that lend on a kind of loan the brand offers. */
export function destinationsFor(
  lenders: readonly LenderRules[],
  secrets: Secrets,
  simulatorUrl: string,
): Record<string, DestinationEntry[]> {
  const destinations: Record<string, DestinationEntry[]> = {}
  for (const brand of Object.values(brands)) {
    const chosen = lenders.filter((lender) =>
      lender.lends.some((kind) => brand.loanKinds.includes(kind)),
    )
    destinations[brand.id] = chosen.map((lender) => ({
      id: lender.id,
      url: `${simulatorUrl}/lenders/${lender.id}`,
      secret: secrets[lender.id] ?? '',
    }))
  }
  return destinations
}

export function writeDestinations(
  path: string,
  destinations: Record<string, DestinationEntry[]>,
): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `${JSON.stringify(destinations, null, 2)}\n`, { mode: 0o600 })
}

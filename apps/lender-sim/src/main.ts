// `npm run lender-sim`: the simulated lenders, for demonstrations, tests and lenders integrating with Forecourt.
// `npm start` starts it by itself in development when no LENDER_DESTINATIONS are configured (scripts/start.mjs).
//
//   LENDER_SIM_PORT             where it listens (loopback), default 3100
//   LENDER_SIM_CONFIG           the lenders' rules, default apps/lender-sim/lenders.json
//   FORECOURT_URL               where it posts decisions, default http://127.0.0.1:$PORT (PORT default 3000)
//   LENDER_SIM_DELAY_MS         how long a lender considers an application, default 5000
//   LENDER_SIM_PAYOUT_DELAY_MS  how long after an offer is chosen it may pay out, default 60000
//   DATA_DIR                    where lender-sim/secrets.json and lender-sim/destinations.json are kept, default ./data

import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readLenders } from './lenders'
import { destinationsFor, loadSecrets, writeDestinations } from './setup'
import { startSimulator } from './simulator'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const env = (name: string) => {
  const value = process.env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}
const whole = (name: string, fallback: number) => {
  const value = env(name)
  if (value === undefined) return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number, not ${value}`)
  return parsed
}

try {
  const dataDir = resolve(root, env('DATA_DIR') ?? 'data')
  const port = whole('LENDER_SIM_PORT', 3100)
  const lenders = readLenders(
    resolve(root, env('LENDER_SIM_CONFIG') ?? 'apps/lender-sim/lenders.json'),
  )
  const secrets = loadSecrets(join(dataDir, 'lender-sim', 'secrets.json'), lenders)
  const simulator = await startSimulator(
    {
      lenders,
      secrets,
      forecourtUrl: env('FORECOURT_URL') ?? `http://127.0.0.1:${whole('PORT', 3000)}`,
      decisionDelayMs: whole('LENDER_SIM_DELAY_MS', 5_000),
      payoutDelayMs: whole('LENDER_SIM_PAYOUT_DELAY_MS', 60_000),
      log: (line) => console.log(`[lender-sim] ${line}`),
    },
    { port },
  )
  const destinationsFile = join(dataDir, 'lender-sim', 'destinations.json')
  writeDestinations(destinationsFile, destinationsFor(lenders, secrets, simulator.url))
  console.log(
    `[lender-sim] ${lenders.map((lender) => lender.name).join(', ')} listening on ${simulator.url}; ` +
      `Forecourt's destinations for them: LENDER_DESTINATIONS_FILE=${destinationsFile}`,
  )
  const stop = () => {
    void simulator.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(`[lender-sim] ${(error as Error).message}`)
  process.exit(1)
}

// Erasure leaves nothing of the person readable on disk (decision 2041): canaries in the name, email,
// phone and address are submitted through the API and sent as .eml files, the application is erased
// through the API, and then the SQLite file, its WAL and the mail folder are scanned for them. On
// PostgreSQL, whose files the server cannot see (docs/operations.md says what VACUUM and backups mean),
// the mail folder is scanned.

import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadConfig } from '../src/config'
import { EmailSender } from '../src/email/sender'
import { fileTransport } from '../src/email/transport'
import { startBackOffice } from './back-office-helpers'
import { engines, temporaryFolder } from './test-databases'

const CANARIES = {
  lastName: 'Quillfeather',
  email: 'zephyrine.canary@example.com',
  contactNumber: '07911246813',
  street: 'Marmalade Crescent',
}

async function filesUnder(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return []
  return (await readdir(folder)).map((name) => join(folder, name))
}

/** Which canaries each file holds, as bytes (free pages and WAL frames are not text). */
async function canariesIn(files: string[]): Promise<string[]> {
  const found: string[] = []
  for (const file of files) {
    const bytes = await readFile(file)
    for (const canary of Object.values(CANARIES)) {
      if (bytes.includes(Buffer.from(canary, 'utf8'))) found.push(`${canary} in ${file}`)
    }
  }
  return found
}

for (const engine of await engines()) {
  describe.skipIf(!engine.available)(`erasure on disk on ${engine.name}`, () => {
    test('after an erasure no canary is left in the database file, its WAL or the mail folder', async () => {
      const dataDir = await temporaryFolder('forecourt-erasure-disk-')
      const bo = await startBackOffice(engine, { DATA_DIR: dataDir })
      const mailFolder = join(dataDir, 'mail')
      try {
        const key = randomUUID()
        await bo.submit(key, (payload) => {
          const applicant = payload as Record<string, unknown>
          applicant.lastName = CANARIES.lastName
          applicant.email = CANARIES.email
          applicant.contactNumber = CANARIES.contactNumber
          const addresses = applicant.addresses as Record<string, unknown>[]
          addresses[0]!.street = CANARIES.street
        })
        const sender = new EmailSender({
          database: bo.database,
          transport: fileTransport(mailFolder),
          mail: loadConfig({}).mail,
          dataKeys: undefined,
        })
        while ((await sender.runOnce()) > 0) {
          // send everything queued
        }
        const sqlite = bo.database.sqlite?.file
        const databaseFiles =
          sqlite === undefined ? [] : [sqlite, `${sqlite}-wal`].filter((file) => existsSync(file))
        const before = await canariesIn([...databaseFiles, ...(await filesUnder(mailFolder))])
        // The test can fail: the person is on disk before the erasure, in the mail and the database.
        expect(before.some((hit) => hit.includes(mailFolder))).toBe(true)
        if (sqlite !== undefined) expect(before.some((hit) => hit.includes(sqlite))).toBe(true)

        const admin = await bo.operator('ann@broker.example', 'admin')
        const erased = await bo.request({
          method: 'POST',
          url: `/api/back-office/applications/${key}/erase`,
          as: admin,
          body: { reason: 'The applicant asked by email' },
        })
        expect(erased.statusCode).toBe(200)

        const after = await canariesIn([
          ...(sqlite === undefined
            ? []
            : [sqlite, `${sqlite}-wal`, `${sqlite}-journal`].filter((file) => existsSync(file))),
          ...(await filesUnder(mailFolder)),
        ])
        expect(after).toEqual([])
      } finally {
        await bo.close()
        await rm(dataDir, { recursive: true, force: true })
      }
    })
  })
}

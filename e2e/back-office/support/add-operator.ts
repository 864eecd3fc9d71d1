// Adds a back-office operator to the journey's database through the server's own operator module (the
// code the operators command runs) and prints the one-time enrolment address on a line of its own.
// Usage: node --import tsx e2e/back-office/support/add-operator.ts <email> <admin|caseworker|viewer>
import { addOperator } from '../../../apps/server/src/back-office/operators'
import { loadConfig } from '../../../apps/server/src/config'
import { createDatabase } from '../../../apps/server/src/db/database'
import { migrateToLatest } from '../../../apps/server/src/db/migrate'

const [email, role] = process.argv.slice(2)
if (!email || (role !== 'admin' && role !== 'caseworker' && role !== 'viewer')) {
  console.error('usage: add-operator.ts <email> <admin|caseworker|viewer>')
  process.exit(2)
}
const config = loadConfig(process.env)
const database = createDatabase(config)
try {
  await migrateToLatest(database)
  const { enrolment } = await addOperator(
    database.db,
    { email, role, brands: 'all' },
    new Date(),
    null,
  )
  console.log(`${config.backOffice.url}/enrol#${enrolment.token}`)
} finally {
  await database.close()
}

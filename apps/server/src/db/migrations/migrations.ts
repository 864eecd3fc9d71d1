// Every migration, in order, by name. Names sort as they run, so a new one takes the next number.
// Kept in code rather than read from a folder so the list is fixed at build time and typed.

import type { Migration } from 'kysely'
import { createVehicles } from './0001-create-vehicles'
import { createApplicationsAndSubmissions } from './0002-create-applications-and-submissions'
import { createDeliveries } from './0003-create-deliveries'
import { addSubmissionReference } from './0010-submission-reference'

export const migrations: Record<string, Migration> = {
  '0001-create-vehicles': createVehicles,
  '0002-create-applications-and-submissions': createApplicationsAndSubmissions,
  '0003-create-deliveries': createDeliveries,
  '0010-submission-reference': addSubmissionReference,
}

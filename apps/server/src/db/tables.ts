// Kysely's view of the database. Column types are the portable subset both engines share: text, integer,
// and ISO 8601 timestamps stored as text (so SQLite and PostgreSQL sort and compare them the same way).

import type { ColumnType, Insertable, Selectable } from 'kysely'

/** The vehicle types the brands' hosts select (see the brand notes); the stock uses the same names. */
export const VEHICLE_TYPES = [
  'Car',
  'Van',
  'Motorcycle',
  'Motorhome',
  'Caravan',
  'Horsebox',
] as const
export type VehicleType = (typeof VEHICLE_TYPES)[number]

export interface VehiclesTable {
  /** Made by the application, readable in links (`?vehicleid=demo-car-1`): letters, digits and hyphens. */
  id: string
  vehicle_type: VehicleType
  make: string
  model: string
  /** Whole pounds. */
  price: number
  /** Miles; null when the vehicle has no odometer reading (a touring caravan, say). */
  mileage: number | null
  colour: string | null
  fuel_type: string | null
  transmission: string | null
  /** Four-digit year of first registration. */
  registration_year: number | null
  /** Registration plate as displayed, e.g. 'AB21 CDE'. */
  vrm: string | null
  /** Address of the main picture: a path on this server or an absolute https address. */
  primary_image: string | null
  /** ISO 8601, UTC. */
  created_at: string
}

export interface Tables {
  vehicles: VehiclesTable
  deliveries: DeliveriesTable
  applications: ApplicationsTable
  submissions: SubmissionsTable
}

export type VehicleRow = Selectable<VehiclesTable>
export type NewVehicleRow = Insertable<VehiclesTable>

// --- Lender delivery (the outbox, migration 0003) ---

export const DELIVERY_STATUSES = ['pending', 'in_flight', 'delivered', 'dead'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export interface DeliveriesTable {
  /** Made by the application (`dlv_` + 32 hex); the webhook-id the lender sees on every attempt. */
  id: string
  submission_key: string
  /** The destination's id within its brand's LENDER_DESTINATIONS entry. */
  destination_id: string
  brand: string
  status: DeliveryStatus
  /** Attempts made so far (finished or abandoned by a crashed worker). */
  attempts: number
  /** ISO 8601, UTC: when a pending row is next due. */
  next_attempt_at: string
  /** The worker holding an in-flight row, and until when its lease lasts. */
  locked_by: string | null
  locked_until: string | null
  /** The lender's HTTP status on the last attempt; null when it never answered. */
  last_status_code: number | null
  /** A short reason for the last failure, never with personal data. */
  last_error: string | null
  created_at: string
  updated_at: string
  delivered_at: string | null
}

export type DeliveryRow = Selectable<DeliveriesTable>
export type NewDeliveryRow = Insertable<DeliveriesTable>

// --- Applications and submission idempotency (migration 0002) ---

export const APPLICATION_STATUSES = ['partial', 'submitted'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export interface ApplicationsTable {
  /** The browser's GUID (a UUID, lower case): the partial save's and the submission's key. */
  application_key: string
  /** The brand id the payload's affiliateKey belongs to. */
  brand: string
  status: ApplicationStatus
  /** JSON text; personal fields sealed in a `$encrypted` envelope when a data key is configured. */
  payload: string
  created_at: string
  updated_at: string
  submitted_at: string | null
  /**
   * The server's monotonic clock (microseconds since the epoch) when the request arrived: a partial save
   * replaces the row only with a later one. PostgreSQL returns a bigint as text, hence the string.
   */
  server_sequence: ColumnType<number | string, number, number>
}

export interface SubmissionsTable {
  /** The submission key (a UUID, lower case). */
  submission_key: string
  /** SHA-256, hex, of the body's canonical JSON: the same key with another body is a conflict. */
  body_hash: string
  /** The first answer, replayed byte for byte. */
  response_status: number
  response_body: string
  created_at: string
  /**
   * The applicant's reference (FC-XXXX-XXXX-XXXX), from the key; unique (migration 0010). Null only
   * while that migration fills in earlier rows.
   */
  reference: string | null
}

export type ApplicationRow = Selectable<ApplicationsTable>
export type NewApplicationRow = Insertable<ApplicationsTable>
export type SubmissionRow = Selectable<SubmissionsTable>
export type NewSubmissionRow = Insertable<SubmissionsTable>

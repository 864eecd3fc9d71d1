// The applicant API's answers as this app names them, all from the contract the server's routes declare
// (packages/domain/src/contract/applicant.ts, decision 2166). Types only: `import type` is erased, so zod,
// which the contract is written in, never enters the bundle. A field renamed or retyped on the server's
// side fails type-checking where a screen reads it (see contract-types.ts).

import type { ApplicantAnswer, ApplicantSuccess } from '@forecourt/domain/contract/applicant'

/** POST /api/save-and-return/:applicationKey: where the link went, masked, and until when it works. */
export type SavedForLater = ApplicantSuccess<'POST /api/save-and-return/:applicationKey'>
/** What a link's check asks for (POST /api/continue/open, …/application-status/open, …/joint-confirmation/open). */
export type LinkCheck = ApplicantSuccess<'POST /api/continue/open'>['check']
/** A link to an application sent since (409). */
export type SentSinceAnswer = ApplicantAnswer<'POST /api/continue/open', 409>
/** A refusal of a link's check (400): the message, the field at fault, the tries left. */
export type CheckRefusal = ApplicantAnswer<'POST /api/continue/check', 400>

/** The applicant's own page: GET /api/application-status, its check and its choice answer it alike. */
export type StatusView = ApplicantSuccess<'GET /api/application-status'>
export type StatusLender = StatusView['lenders'][number]
export type StatusOffer = NonNullable<StatusLender['offer']>

/** POST /api/joint-confirmation/check: the joint applicant's part of the application. */
export type JointView = ApplicantSuccess<'POST /api/joint-confirmation/check'>

/** POST /api/submission/:submissionKey: received (201), refused (400) or conflicting (409). */
export type SubmissionAnswer =
  | ApplicantSuccess<'POST /api/submission/:submissionKey'>
  | ApplicantAnswer<'POST /api/submission/:submissionKey', 400 | 409>
/** A write's 403: the anti-forgery check's, or the application secret's with its reason. */
export type WriteRefusal = ApplicantAnswer<'POST /api/submission/:submissionKey', 403>

/** GET /api/stock/:vehicleId */
export type StockAnswer = ApplicantSuccess<'GET /api/stock/:vehicleId'>
/** GET /api/address?postcode= */
export type AddressAnswer = ApplicantSuccess<'GET /api/address'>

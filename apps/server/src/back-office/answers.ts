// An application's answers as the back office shows them (labelled by section, unsafe characters
// revealed) and as the subject access export keeps them. Decision records: docs/decisions/1823-*, 2123-*.

import {
  payloadAnswers,
  type PayloadAnswerSection,
} from '@forecourt/domain/payload/payload-answers'
import { revealUnsafeCharacters } from '@forecourt/domain/fields/text'
import type { Payload } from '../repositories/application-repository'
import type { JointConfirmationRecord } from '../save-return/joint-confirmation'

/**
 * The answers as the broker's staff read them; the joint applicant's marketing is their own choice once
 * they confirmed their part (decision 1823). Any control, bidirectional or hidden character a payload still
 * holds (one kept as refused, or stored before such characters were removed) is shown as its code point
 * (decision 2123).
 */
export function shownAnswers(
  payload: Payload | undefined,
  joint: JointConfirmationRecord | null = null,
): PayloadAnswerSection[] {
  return answersOf(payload, joint).map((section) => ({
    ...section,
    rows: section.rows.map((row) => ({ ...row, value: row.value.map(revealUnsafeCharacters) })),
  }))
}

/** The answers as stored (the subject access export's), with the joint applicant's own marketing. */
export function answersOf(
  payload: Payload | undefined,
  joint: JointConfirmationRecord | null = null,
): PayloadAnswerSection[] {
  return payload === undefined ? [] : payloadAnswers(payload, { jointMarketing: joint?.marketing })
}

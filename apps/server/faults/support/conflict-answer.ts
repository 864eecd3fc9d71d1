// The 409 a scenario expects for another body under a used key: the body was kept beside the first for
// the broker, under the same reference (decision 1802).

import { applicationReference } from '@forecourt/domain/reference/application-reference'
import { SUBMISSION_MESSAGES } from '../../src/routes/api/submission'

export function conflictAnswer(key: string): string {
  return JSON.stringify({
    error: SUBMISSION_MESSAGES.conflict,
    submissionKey: key,
    reference: applicationReference(key),
    status: 'needs-attention',
  })
}

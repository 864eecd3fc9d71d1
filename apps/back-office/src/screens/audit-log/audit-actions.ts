// The audit log's action names in words. An action this list does not know is shown by its name.

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Failed sign-in',
  'operator.locked': 'Account locked',
  'sign-out': 'Signed out',
  'sign-out.everywhere': 'Signed out everywhere',
  'application.viewed': 'Viewed an application',
  'applications.listed': 'Listed applications',
  'applications.searched': 'Searched applications',
  'applications.exported': 'Exported a list (CSV)',
  'application.data-exported': 'Exported an applicant’s data',
  'application.erased': 'Erased an application',
  'delivery.retried': 'Retried a delivery',
  'note.added': 'Added a note',
  'follow-up.set': 'Set a follow-up',
  'pipeline.viewed': 'Viewed the pipeline',
  'status.changed': 'Changed the status',
  'legal-hold.set': 'Set a legal hold',
  'legal-hold.lifted': 'Lifted a legal hold',
  'operator.added': 'Added an operator',
  'operator.enrolled': 'Operator enrolled',
  'operator.disabled': 'Disabled an operator',
  'operator.reset': 'Reset an operator',
  'consent.withdrawn': 'Recorded a consent withdrawal',
  'commission.answered': 'Answered a commission request',
  'commission-requests.viewed': 'Viewed the commission requests',
  'support-note.added': 'Recorded a support note',
  'figures.exported': 'Exported the outcome figures (CSV)',
  'funnel.exported': 'Exported a table of the funnel (CSV)',
  'account.password-changed': 'Changed their password',
  'account.authenticator-changed': 'Moved to a new authenticator app',
  'account.change-refused': 'Refused a change to their account',
}

export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action
}

/** The entry's detail (never personal data) as 'field: phone; from: new'. */
export function describeDetail(detail: Record<string, unknown> | null): string {
  if (!detail) return ''
  return Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join('; ')
}

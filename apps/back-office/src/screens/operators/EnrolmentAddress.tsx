import { useState } from 'react'
import { Link } from 'wouter'
import { PageHeading } from '#app/page'
import { Notice } from '#components/notice/Notice'
import { formatDateTime } from '#lib/format-time'
import type { Enrolment } from '#lib/types'

/** The one-time enrolment address, shown once: the server keeps only its hash. */
export function EnrolmentAddress({
  enrolment,
  heading,
}: {
  enrolment: Enrolment
  heading: string
}) {
  const [copied, setCopied] = useState<boolean>()
  async function copy() {
    try {
      await navigator.clipboard.writeText(enrolment.enrolmentUrl)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <p>
        Give <strong>{enrolment.operator.email}</strong> this enrolment address, in person or by a
        channel only they can read. It works once, until{' '}
        {formatDateTime(enrolment.enrolmentExpiresAt)}.
      </p>
      <Notice kind="warning">
        <p>This address is shown only now. If it is lost, reset the operator to make a new one.</p>
      </Notice>
      <h2 id="enrolment-address-heading">Enrolment address</h2>
      <p>
        <code className="enrolment-url" id="enrolment-url">
          {enrolment.enrolmentUrl}
        </code>
      </p>
      <div className="button-group">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          Copy the address
        </button>
        <Link href="/operators">Back to operators</Link>
      </div>
      {copied === undefined ? null : (
        <Notice kind={copied ? 'success' : 'error'}>
          {copied
            ? 'The address was copied.'
            : 'The address could not be copied: select it and copy it by hand.'}
        </Notice>
      )}
    </>
  )
}

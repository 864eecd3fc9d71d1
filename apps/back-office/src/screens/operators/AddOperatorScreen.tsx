// Add an operator (admins): their email, role and brands; the enrolment address is shown once.

import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'
import { useSession, useSignedIn } from '#app/session'
import { Checkboxes } from '@forecourt/ui/checkboxes/checkboxes'
import { ErrorSummary } from '@forecourt/ui/error-summary/error-summary'
import { Radios } from '@forecourt/ui/radios/radios'
import { TextInput } from '@forecourt/ui/text-input/text-input'
import { fromServer, useFormErrors } from '#components/form/use-form-errors'
import { ApiError, post } from '#lib/api'
import type { Enrolment, Role } from '#lib/types'
import { EnrolmentAddress } from './EnrolmentAddress'
import { ROLE_HINTS, ROLE_LABELS } from './operator-labels'

const ROLES: Role[] = ['viewer', 'caseworker', 'admin', 'analyst']

export default function AddOperatorScreen() {
  const session = useSignedIn()
  const { can } = useSession()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role | ''>('')
  const [scope, setScope] = useState('')
  const [brands, setBrands] = useState<string[]>([])
  const [sending, setSending] = useState(false)
  const [added, setAdded] = useState<Enrolment>()
  const form = useFormErrors()
  usePageTitle(added ? 'Operator added' : 'Add an operator', form.errors.length > 0)

  if (!can('operators')) {
    return (
      <>
        <PageHeading>Add an operator</PageHeading>
        <p>Only an administrator can manage operators.</p>
      </>
    )
  }
  if (added) return <EnrolmentAddress enrolment={added} heading="Operator added" />

  async function add(event: FormEvent) {
    event.preventDefault()
    // The button stays enabled while a request is out (disabling it would drop the keyboard's focus).
    if (sending) return
    const errors = [
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
        ? undefined
        : {
            id: 'operator-email',
            message: 'Enter an email address in the correct format, like name@example.com',
          },
      role ? undefined : { id: 'operator-role', message: 'Choose a role' },
      scope ? undefined : { id: 'operator-scope', message: 'Choose which brands they work on' },
      scope === 'some' && brands.length === 0
        ? { id: 'operator-brands', message: 'Choose at least one brand' }
        : undefined,
    ].filter((item) => item !== undefined)
    if (errors.length > 0 || role === '') return form.show(errors)
    setSending(true)
    try {
      const answer = await post('POST /api/back-office/operators', {
        body: { email: email.trim(), role, brands: scope === 'all' ? 'all' : brands },
      })
      form.clear()
      setAdded(answer)
    } catch (error) {
      const ids = { email: 'operator-email', role: 'operator-role', brands: 'operator-brands' }
      form.show(
        error instanceof ApiError && error.fieldErrors.length > 0
          ? fromServer(error.fieldErrors, ids)
          : [
              {
                id: 'operator-email',
                message:
                  (error instanceof ApiError && error.serverMessage) ||
                  'The operator could not be added: try again',
              },
            ],
      )
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <PageHeading>Add an operator</PageHeading>
      <form noValidate onSubmit={(event) => void add(event)}>
        <TextInput
          id="operator-email"
          label="Email address"
          hint="Their work email address: they sign in with it"
          type="email"
          autoComplete="off"
          spellCheck={false}
          width={30}
          value={email}
          onChange={setEmail}
          error={form.errorFor('operator-email')}
        />
        <Radios
          id="operator-role"
          label="Role"
          hint={ROLES.map((r) => `${ROLE_LABELS[r]}: ${ROLE_HINTS[r].toLowerCase()}.`).join(' ')}
          options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          value={role}
          onChange={(value) => setRole(value as Role)}
          error={form.errorFor('operator-role')}
        />
        <Radios
          id="operator-scope"
          label="Brands"
          hint="They see only the applications of their brands"
          options={[
            { value: 'all', label: 'All brands, including any added later' },
            { value: 'some', label: 'Only the brands I choose' },
          ]}
          value={scope}
          onChange={setScope}
          error={form.errorFor('operator-scope')}
        />
        {scope === 'some' ? (
          <Checkboxes
            id="operator-brands"
            label="Which brands"
            options={session.brands.map((brand) => ({ value: brand.id, label: brand.name }))}
            values={brands}
            onChange={setBrands}
            error={form.errorFor('operator-brands')}
          />
        ) : null}
        <div className="button-group">
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            Add operator
          </button>
          <Link href="/operators">Cancel</Link>
        </div>
      </form>
    </div>
  )
}

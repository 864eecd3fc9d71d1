// One application: the identity bar (who, reference, brand, status) with the actions the operator's
// role allows, the sub navigation between its parts, and the part itself.

import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { Link, Route, Switch, useLocation, useParams } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'
import { useSession, useSignedIn } from '#app/session'
import { Badge, BrokerStatusBadge, KindBadge } from '#components/badge/Badge'
import { IdentityBar } from '#components/identity-bar/IdentityBar'
import { Notice } from '#components/notice/Notice'
import { SubNavigation } from '#components/sub-navigation/SubNavigation'
import { ApiError, get } from '#lib/api'
import type { ApplicationDetail } from '#lib/types'
import { formatDate } from '#lib/format-time'
import { ApplicationContext, type ApplicationContextValue } from './application-context'
import { AnswersPart } from './AnswersPart'
import { TimelinePart } from './TimelinePart'
import { DeliveriesPart } from './DeliveriesPart'
import { NotesPart } from './NotesPart'
import { StatusPart } from './StatusPart'
import { LegalHoldPart } from './LegalHoldPart'
import { ErasePart } from './ErasePart'
import { PartTitle } from './PartTitle'

const ExportPart = lazy(() => import('./ExportPart'))
const EvidencePart = lazy(() => import('./EvidencePart'))

type Loaded =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'failed' }
  | { state: 'loaded'; detail: ApplicationDetail }

const PARTS = [
  { path: '/', text: 'Answers' },
  { path: '/timeline', text: 'Timeline' },
  { path: '/deliveries', text: 'Deliveries' },
  { path: '/notes', text: 'Notes' },
  { path: '/evidence', text: 'Evidence' },
]

export default function ApplicationScreen() {
  const { key = '' } = useParams<{ key: string }>()
  const [location] = useLocation()
  const session = useSignedIn()
  const { can } = useSession()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [message, setMessage] = useState<{ text: string; at: string }>()
  const base = `~/applications/${key}`

  const load = useCallback(
    () =>
      get('GET /api/back-office/applications/:applicationKey', {
        params: { applicationKey: key },
      }).then(
        (detail) => setLoaded({ state: 'loaded', detail }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) setLoaded({ state: 'not-found' })
          else if (!(error instanceof ApiError && error.status === 401))
            setLoaded({ state: 'failed' })
        },
      ),
    [key],
  )

  useEffect(() => {
    load()
  }, [load])

  // A message belongs to the part it is shown on: moving on to another part clears it.
  const [seenAt, setSeenAt] = useState(location)
  if (seenAt !== location) {
    setSeenAt(location)
    if (message && message.at !== location) setMessage(undefined)
  }
  const flash = useCallback((text: string, at = '/') => setMessage({ text, at }), [])

  const statusLabel = useCallback(
    (id: string) => session.brokerStatuses.find((status) => status.id === id)?.label ?? id,
    [session.brokerStatuses],
  )

  const context = useMemo<ApplicationContextValue | undefined>(
    () =>
      loaded.state === 'loaded'
        ? { detail: loaded.detail, base, reload: load, flash, statusLabel }
        : undefined,
    [loaded, base, load, flash, statusLabel],
  )

  if (loaded.state === 'loading') {
    return <Loading />
  }
  if (loaded.state === 'not-found' || loaded.state === 'failed') {
    return <Unavailable notFound={loaded.state === 'not-found'} />
  }
  const { application } = loaded.detail
  const erased = application.erased !== null
  const name = application.name ?? (erased ? 'Erased application' : 'No name given')

  return (
    <ApplicationContext.Provider value={context}>
      <IdentityBar
        title={
          <PageHeading className="identity-bar__title" focusKey={location}>
            {name}
          </PageHeading>
        }
        facts={[
          { label: 'Reference', value: <code>{application.reference}</code> },
          { label: 'Brand', value: application.brandName },
          {
            label: 'Status',
            value: (
              <span className="badges">
                <BrokerStatusBadge
                  status={application.brokerStatus}
                  label={statusLabel(application.brokerStatus)}
                />
                {/* A submitted application is the usual case: only a lead or a refusal says its kind,
                    as the list does, so "New" is never followed by a second "Submitted" badge. */}
                {application.kind !== 'submitted' ? (
                  <>
                    {' '}
                    <KindBadge kind={application.kind} />
                  </>
                ) : null}
                {application.needsAttention?.length ? (
                  <>
                    {' '}
                    <Badge colour="red">Needs attention</Badge>
                  </>
                ) : null}
                {application.legalHold ? (
                  <>
                    {' '}
                    <Badge colour="black">Legal hold</Badge>
                  </>
                ) : null}
                {erased ? (
                  <>
                    {' '}
                    <Badge colour="grey">Erased</Badge>
                  </>
                ) : null}
              </span>
            ),
          },
          ...(application.jointConfirmation
            ? [
                {
                  label: 'Joint applicant',
                  value: jointConfirmationWords(application.jointConfirmation),
                },
              ]
            : []),
        ]}
        actions={
          erased ? null : (
            <>
              {can('status') ? (
                <Link className="button button--secondary" href="/status">
                  Change status
                </Link>
              ) : null}
              {can('export') ? (
                <Link className="button button--secondary" href="/export">
                  Export data
                </Link>
              ) : null}
              {can('legal-hold') ? (
                <Link className="button button--secondary" href="/legal-hold">
                  {application.legalHold ? 'Lift legal hold' : 'Set legal hold'}
                </Link>
              ) : null}
              {can('erase') ? (
                <Link className="button button--warning" href="/erase">
                  Erase personal data
                </Link>
              ) : null}
            </>
          )
        }
      />
      <SubNavigation
        label="Parts of this application"
        items={PARTS.map((part) => ({
          // The answers at the application's own address, without a trailing slash.
          href: part.path === '/' ? base : part.path,
          text: part.text,
          current: location === part.path,
        }))}
      />
      {message && message.at === location ? (
        <Notice kind="success">
          <p>{message.text}</p>
        </Notice>
      ) : null}
      {erased && application.erased ? (
        <Notice>
          <p>
            The personal data of this application was erased. Reason: {application.erased.reason}
          </p>
        </Notice>
      ) : null}
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path="/" component={AnswersPart} />
          <Route path="/timeline" component={TimelinePart} />
          <Route path="/deliveries" component={DeliveriesPart} />
          <Route path="/notes" component={NotesPart} />
          <Route path="/evidence" component={EvidencePart} />
          <Route path="/status" component={StatusPart} />
          <Route path="/legal-hold" component={LegalHoldPart} />
          <Route path="/erase" component={ErasePart} />
          <Route path="/export" component={ExportPart} />
          <Route>
            <PartTitle title="Page not found" />
            <h2>Page not found</h2>
            <p>
              <Link href="/">Go to the application’s answers</Link>
            </p>
          </Route>
        </Switch>
      </Suspense>
    </ApplicationContext.Provider>
  )
}

function Loading() {
  return (
    <p className="loading" role="status">
      Loading the application…
    </p>
  )
}

function Unavailable({ notFound }: { notFound: boolean }) {
  usePageTitle(notFound ? 'Application not found' : 'Application unavailable')
  return (
    <>
      <PageHeading>{notFound ? 'Application not found' : 'Application unavailable'}</PageHeading>
      <p>
        {notFound
          ? 'There is no application at this address that you can see. It may belong to a brand you do not work on.'
          : 'The application could not be loaded. Try again in a moment.'}
      </p>
      <p>
        <Link href="~/applications">Back to applications</Link>
      </p>
    </>
  )
}

/** The joint applicant's own confirmation, in words (decision 1823). */
export function jointConfirmationWords(
  confirmation: NonNullable<ApplicationDetail['application']['jointConfirmation']>,
): string {
  if (confirmation.confirmedAt !== null)
    return `Confirmed on ${formatDate(confirmation.confirmedAt)}`
  if (confirmation.outstanding) {
    return `Outstanding: not confirmed within 7 days of ${formatDate(confirmation.requestedAt)}`
  }
  return `Not confirmed yet (asked on ${formatDate(confirmation.requestedAt)})`
}

// The routes. Sign in and enrolment are open; every other screen needs a session, and without one
// the user goes to Sign in and comes back to where they were going afterwards. Each screen's code
// loads when it is first shown, so the sign-in page starts with the shell alone.

import { lazy, Suspense, useLayoutEffect, useRef, type ComponentType } from 'react'
import { Redirect, Route, Switch, useLocation, useRouter } from 'wouter'
import { markRouteChange } from './page'
import { rememberWantedPath } from './wanted-path'
import type { Permission } from '#lib/types'
import { useSession } from './session'

const SignInScreen = lazy(() => import('#screens/sign-in/SignInScreen'))
const EnrolmentScreen = lazy(() => import('#screens/enrolment/EnrolmentScreen'))
const ApplicationsScreen = lazy(() => import('#screens/applications/ApplicationsScreen'))
const ApplicationScreen = lazy(() => import('#screens/application/ApplicationScreen'))
const OperatorsScreen = lazy(() => import('#screens/operators/OperatorsScreen'))
const AddOperatorScreen = lazy(() => import('#screens/operators/AddOperatorScreen'))
const OperatorActionScreen = lazy(() => import('#screens/operators/OperatorActionScreen'))
const AuditLogScreen = lazy(() => import('#screens/audit-log/AuditLogScreen'))
const CommissionRequestsScreen = lazy(
  () => import('#screens/commission-requests/CommissionRequestsScreen'),
)
const FiguresScreen = lazy(() => import('#screens/figures/FiguresScreen'))
const FunnelScreen = lazy(() => import('#screens/funnel/FunnelScreen'))
const PipelineScreen = lazy(() => import('#screens/pipeline/PipelineScreen'))
const FollowUpScreen = lazy(() => import('#screens/pipeline/FollowUpScreen'))
const AccountScreen = lazy(() => import('#screens/account/AccountScreen'))
const NotFoundScreen = lazy(() => import('#screens/not-found/NotFoundScreen'))

function Loading() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  )
}

/** Where an operator starts: the applications, or the funnel for an analyst, who reads no application. */
function homeOf(permissions: readonly Permission[]): string {
  return permissions.includes('read') ? '/applications' : '/funnel'
}

/**
 * A screen that needs a session: Sign in first when there is none. A screen of applications (`needs="read"`)
 * sends an operator who may not read them to their own start instead.
 */
function Private({ screen: Screen, needs }: { screen: ComponentType; needs?: Permission }) {
  const { session, unreachable } = useSession()
  const [location] = useLocation()
  // Inside a record's nested routes the location is relative to the record's address.
  const { base } = useRouter()
  if (unreachable) {
    return (
      <div role="alert" className="notice notice--error">
        The back office cannot reach its server. Check your connection and reload the page.
      </div>
    )
  }
  if (session === undefined) return <Loading />
  if (session === null) {
    rememberWantedPath(base && location === '/' ? base : `${base}${location}`)
    return <Redirect to="~/sign-in" replace />
  }
  if (needs !== undefined && !session.permissions.includes(needs)) {
    return <Redirect to={`~${homeOf(session.permissions)}`} replace />
  }
  return <Screen />
}

function Home() {
  const { session } = useSession()
  if (session === undefined) return <Loading />
  return <Redirect to={session === null ? '/applications' : homeOf(session.permissions)} replace />
}

export function AppRouter() {
  const [location] = useLocation()
  const first = useRef(location)
  useLayoutEffect(() => {
    // The first page keeps the browser's focus (the skip link first); later ones focus their heading.
    if (location !== first.current) {
      first.current = ''
      markRouteChange()
    }
  }, [location])

  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        <Route path="/sign-in" component={SignInScreen} />
        <Route path="/enrol" component={EnrolmentScreen} />
        <Route path="/" component={Home} />
        <Route path="/applications">
          <Private screen={ApplicationsScreen} needs="read" />
        </Route>
        <Route path="/applications/:key" nest>
          <Private screen={ApplicationScreen} needs="read" />
        </Route>
        <Route path="/operators">
          <Private screen={OperatorsScreen} />
        </Route>
        <Route path="/operators/new">
          <Private screen={AddOperatorScreen} />
        </Route>
        <Route path="/operators/:id/:action">
          <Private screen={OperatorActionScreen} />
        </Route>
        <Route path="/audit">
          <Private screen={AuditLogScreen} />
        </Route>
        <Route path="/commission-requests">
          <Private screen={CommissionRequestsScreen} needs="read" />
        </Route>
        <Route path="/figures">
          <Private screen={FiguresScreen} />
        </Route>
        <Route path="/pipeline">
          <Private screen={PipelineScreen} needs="read" />
        </Route>
        <Route path="/pipeline/follow-up/:key">
          <Private screen={FollowUpScreen} needs="notes" />
        </Route>
        <Route path="/funnel">
          <Private screen={FunnelScreen} />
        </Route>
        <Route path="/account">
          <Private screen={AccountScreen} />
        </Route>
        <Route component={NotFoundScreen} />
      </Switch>
    </Suspense>
  )
}

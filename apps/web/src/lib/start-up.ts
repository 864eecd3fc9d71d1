// Start-up (docs/requirements.md#start-up): what the page knows before the applicant's first answer. `startUp`
// is pure apart from the injected environment, so every rule below is unit-tested; the two calls
// that wait on the network run afterwards, in start-up-follow-ups.ts (loaded after the first render).

import type { Brand } from '@forecourt/domain/brands/brand'
import { brandForHost, firstHostLabel, vehicleTypeForHost } from '@forecourt/domain/brands/host'
import {
  START_UP_LOAN_AMOUNT,
  createInitialState,
  emptyVehicle,
  type ApplicationState,
  type UtmParameters,
} from '@forecourt/domain/state/application-state'
import type { AnalyticsEvent } from './analytics'
import { readCookie } from './cookies'

export interface StartUpEnv {
  location: { host: string; search: string }
  referrer: string
  /** `document.cookie`. */
  cookies: string
  now: Date
  newGuid: () => string
  /** A new application secret (decision 1801). */
  newSecret: () => string
  fetchJson: (url: string) => Promise<unknown>
  /** The applicant accepted analytics cookies; only then are gclid, _fbp and _fbc read. */
  analyticsConsent: boolean
  ipLookupUrl: string
  /** Origin of the stock API; '' means the page's own origin. */
  vehiclesHost: string
  userAgent: string
  track: (event: AnalyticsEvent) => void
}

/** Query parameter → key of `form.utmParameters`; the cookies carry the same names. */
const UTM_PARAMETERS: readonly [string, keyof UtmParameters][] = [
  ['utm_source', 'source'],
  ['utm_medium', 'medium'],
  ['utm_term', 'term'],
  ['utm_content', 'content'],
  ['utm_campaign', 'campaign'],
  ['utm_keyword', 'keyword'],
  ['utm_type', 'type'],
  ['utm_adgroup', 'adgroup'],
]

/**
 * The state the page starts with. Steps follow docs/requirements.md#start-up in order. A reload keeps the applicant's answers
 * (decision 0503): the stored state is the starting point, the applied date and GUID are set once,
 * and a parameter replaces what is stored only when the address carries it.
 */
export function startUp(env: StartUpEnv, restored: ApplicationState | null): ApplicationState {
  // 1. Reset.
  const state = structuredClone(restored ?? createInitialState())
  const { form } = state
  const query = new URLSearchParams(env.location.search)
  const param = (name: string) => query.get(name)?.trim() || undefined

  // 1. Host and subdomain.
  const host = env.location.host
  state.host = host
  state.subdomain = firstHostLabel(host)
  form.urlPrefix = host
  form.hostAddress = host

  // 2. The brand of the host (the default brand when no label matches).
  const brand = brandForHost(host)
  state.affiliateConfig = { brandId: brand.id, affiliateKey: brand.affiliateKey }
  state.showLoanPurposeType = brand.loanKinds.length > 1

  // 3. Referrer, applied date (once only), GUID.
  if (env.referrer) form.referrer = env.referrer
  if (!state.appliedDate) state.appliedDate = env.now.toISOString()
  if (!form.applicationStartDate) form.applicationStartDate = state.appliedDate
  if (!state.GUID) state.GUID = env.newGuid()
  // The secret that binds the application to this browser: made with the GUID, kept with it.
  if (!state.applicationSecret) state.applicationSecret = env.newSecret()

  // 3. Vehicle type and loan purpose type.
  form.vehicleType = vehicleTypeForHost(host)
  form.loanPurposeType = loanPurposeTypeFor(brand, form.loanPurposeType)

  // 3. Loan amount: from the address when it carries a positive number, else the docs/requirements.md#constants-and-limits default.
  const loanAmount = Number(param('loan-amount'))
  if (Number.isFinite(loanAmount) && loanAmount > 0) form.loanAmount = Math.ceil(loanAmount)
  else if (form.loanAmount === null && !form.loanAmountCompleted)
    form.loanAmount = START_UP_LOAN_AMOUNT

  // 3. Vehicle, application and session ids; the affiliate (dealer) id.
  const vehicleId = param('vehicleid')
  if (vehicleId && vehicleId !== state.vehicleId) {
    state.vehicleId = vehicleId
    // Another vehicle: the one shown so far is no longer the one being financed.
    form.vehicle = emptyVehicle()
  }
  const applicationId = param('appid')
  if (applicationId) state.applicationId = applicationId
  const sessionId = param('sid')
  if (sessionId) form.sessionId = sessionId
  const token = param('token')
  if (token) {
    state.partnerSetup.affiliateUserId = token
    form.affiliateUserId = token
  }

  // 3. UTM parameters: from the address; without utm_source there, each utm_* cookie present
  // gives its own parameter (a cookie for the medium counts without one for the source). Cookies
  // are read only while no campaign is stored, so a reload does not mix this visit's campaign
  // with an older one.
  if (param('utm_source')) {
    form.utmParameters = { ...form.utmParameters, ...readUtm((name) => param(name)) }
  } else if (!hasCampaign(form.utmParameters)) {
    const fromCookies = readUtm((name) => readCookie(env.cookies, name)?.trim() || undefined)
    form.utmParameters = { ...form.utmParameters, ...fromCookies }
  }

  // Click ids: from the address always; from cookies only with analytics consent.
  const gclid = param('gclid') ?? (env.analyticsConsent ? cookie(env, 'gclid') : undefined)
  if (gclid) {
    form.gclid = gclid
    form.utmParameters.gclid = gclid
  }
  const fbclid = param('fbclid')
  if (fbclid) {
    form.fbclid = fbclid
    form.utmParameters.fbclid = fbclid
  }
  if (env.analyticsConsent) {
    const fbp = cookie(env, '_fbp')
    if (fbp) form.fbpId = fbp
    const fbc = cookie(env, '_fbc')
    if (fbc) form.fbcId = fbc
  }

  form.userAgent = env.userAgent

  // 4. The 'Started' event: names only, never a value the applicant gave.
  // Where the visit came from goes with it (utm_source and utm_campaign), for the funnel (decision 2112).
  const { source, campaign } = form.utmParameters
  env.track({
    event: 'Started',
    category: 'Application form',
    // A reload of the same application is not another person starting.
    first: restored === null,
    ...(source ? { source } : {}),
    ...(campaign ? { campaign } : {}),
  })
  return state
}

/**
 * A brand that offers one kind of loan gets that kind; a brand that offers both leaves the choice
 * empty so the applicant picks it on /loan-type (decision 0504): a loan secured on a home is never
 * preselected.
 */
function loanPurposeTypeFor(brand: Brand, current: string): string {
  if (brand.loanKinds.includes(current as Brand['loanKinds'][number])) return current
  return brand.loanKinds.length === 1 ? (brand.loanKinds[0] ?? 'vehicle') : ''
}

function readUtm(
  read: (name: string) => string | undefined,
): Omit<UtmParameters, 'gclid' | 'fbclid'> {
  const utm = {
    source: '',
    medium: '',
    term: '',
    content: '',
    campaign: '',
    keyword: '',
    type: '',
    adgroup: '',
  }
  for (const [name, key] of UTM_PARAMETERS) utm[key as keyof typeof utm] = read(name) ?? ''
  return utm
}

function hasCampaign(utm: UtmParameters): boolean {
  return UTM_PARAMETERS.some(([, key]) => utm[key] !== '')
}

function cookie(env: StartUpEnv, name: string): string | undefined {
  return readCookie(env.cookies, name)?.trim() || undefined
}

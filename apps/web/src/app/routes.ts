// The route table: the pages outside the journey, and a route for each row of the domain's step list
// with the step's own path and title (docs/decisions/1701-one-step-table.md). Each screen is its own
// lazily loaded chunk (docs/requirements.md#screens-and-routes). Paths use wouter's patterns:
// '/address/:n' for the list's '/address/{n}'.

import type { ComponentType } from 'react'
import { stepList, type StepEntry, type StepId } from '@forecourt/domain/journey/step-list'

/**
 * 'question' screens show the progress bar and come with the deep-link guard; 'start' and 'page'
 * (the legal pages, the sending and the thank-you page) do not.
 */
export type RouteKind = 'start' | 'question' | 'page'

type Load = () => Promise<{ default: ComponentType }>

export interface AppRoute {
  path: string
  /** The page title's first part: '<title> – <brand trading name>'. */
  title: string
  /** The title when it depends on the answers, as the step list gives it. Omitted: `title`. */
  titleFor?: StepEntry['titleFor']
  /** A repeated step's title for an earlier entry (n > 1), as the step list gives it. */
  previousTitle?: string
  kind: RouteKind
  load: Load
}

/** Each step's screen. A step missing here is a type error. */
const stepScreens: Readonly<Record<StepId, Load>> = {
  'looking-to-buy': () => import('#screens/looking-to-buy/looking-to-buy-screen'),
  'loan-type': () => import('#screens/loan-type/loan-type-screen'),
  'amount-to-finance': () => import('#screens/amount-to-finance/amount-to-finance-screen'),
  'looking-to-borrow': () => import('#screens/looking-to-borrow/looking-to-borrow-screen'),
  deposit: () => import('#screens/deposit/deposit-screen'),
  'term-to-borrow': () => import('#screens/term-to-borrow/term-to-borrow-screen'),
  'driving-licence': () => import('#screens/driving-licence/driving-licence-screen'),
  'marital-status': () => import('#screens/marital-status/marital-status-screen'),
  'date-of-birth': () => import('#screens/date-of-birth/date-of-birth-screen'),
  personal: () => import('#screens/personal/personal-screen'),
  contact: () => import('#screens/contact/contact-screen'),
  address: () => import('#screens/address/address-screen'),
  'address-length': () => import('#screens/address-length/address-length-screen'),
  'residential-status': () => import('#screens/residential-status/residential-status-screen'),
  'property-details': () => import('#screens/property-details/property-details-screen'),
  'security-address-confirm': () =>
    import('#screens/security-address-confirm/security-address-confirm-screen'),
  'security-address-add': () => import('#screens/security-address-add/security-address-add-screen'),
  'own-other-properties': () => import('#screens/own-other-properties/own-other-properties-screen'),
  employment: () => import('#screens/employment/employment-screen'),
  'employment-add': () => import('#screens/employment-add/employment-add-screen'),
  'employment-length': () => import('#screens/employment-length/employment-length-screen'),
  'employment-income': () => import('#screens/employment-income/employment-income-screen'),
  joint: () => import('#screens/joint/joint-screen'),
  'joint-customer-details': () =>
    import('#screens/joint-customer-details/joint-customer-details-screen'),
  'joint-date-of-birth': () => import('#screens/joint-date-of-birth/joint-date-of-birth-screen'),
  // The joint applicant's address questions use the applicant's screens, in their chunks
  // (docs/decisions/1841).
  'joint-same-address': () =>
    import('#screens/address/address-screen').then((m) => ({ default: m.JointSameAddressScreen })),
  'joint-address': () =>
    import('#screens/address/address-screen').then((m) => ({ default: m.JointAddressScreen })),
  'joint-address-length': () =>
    import('#screens/address-length/address-length-screen').then((m) => ({
      default: m.JointAddressLengthScreen,
    })),
  'joint-residential-status': () =>
    import('#screens/residential-status/residential-status-screen').then((m) => ({
      default: m.JointResidentialStatusScreen,
    })),
  'joint-employment-add': () => import('#screens/joint-employment-add/joint-employment-add-screen'),
  'joint-employment-length': () =>
    import('#screens/joint-employment-length/joint-employment-length-screen'),
  'joint-employment-income': () =>
    import('#screens/joint-employment-income/joint-employment-income-screen'),
  'joint-customer-contact': () =>
    import('#screens/joint-customer-contact/joint-customer-contact-screen'),
  'breathing-space': () => import('#screens/breathing-space/breathing-space-screen'),
  optins: () => import('#screens/optins/optins-screen'),
  'joint-optins': () => import('#screens/joint-optins/joint-optins-screen'),
  'soft-search': () => import('#screens/soft-search/soft-search-screen'),
  'fair-processing-notice': () =>
    import('#screens/fair-processing-notice/fair-processing-notice-screen'),
  'before-you-submit': () => import('#screens/before-you-submit/before-you-submit-screen'),
  submit: () => import('#screens/submit/submit-screen'),
}

/** The sending asks nothing: it has no progress bar and no deep-link guard of its own. */
const STEPS_SHOWN_AS_PAGES: readonly StepId[] = ['submit']

/** '/address/{n}' → '/address/:n'. */
const routePattern = (stepPath: string) => stepPath.replace('{n}', ':n')

const stepRoutes = stepList.map((step: StepEntry & { id: StepId }): AppRoute => ({
  path: routePattern(step.path),
  title: step.title,
  ...(step.titleFor ? { titleFor: step.titleFor } : {}),
  ...(step.previousTitle ? { previousTitle: step.previousTitle } : {}),
  kind: STEPS_SHOWN_AS_PAGES.includes(step.id) ? 'page' : 'question',
  load: stepScreens[step.id],
}))

export const routes: readonly AppRoute[] = [
  {
    path: '/',
    title: 'Apply for vehicle finance',
    kind: 'start',
    load: () => import('#screens/start/start-screen'),
  },
  {
    path: '/terms-and-conditions',
    title: 'Terms & Conditions',
    kind: 'page',
    load: () => import('#screens/terms-and-conditions/terms-and-conditions-screen'),
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    kind: 'page',
    load: () => import('#screens/privacy-policy/privacy-policy-screen'),
  },
  {
    path: '/cookie-policy',
    title: 'Cookie Policy',
    kind: 'page',
    load: () => import('#screens/cookie-policy/cookie-policy-screen'),
  },
  ...stepRoutes,
  // Save and come back later (docs/requirements.md#save-and-come-back-later)
  {
    path: '/save',
    title: 'Save your answers and come back later',
    kind: 'page',
    load: () => import('#screens/save-for-later/save-for-later-screen'),
  },
  // The token is read once and dropped from the address: '/continue' is the same page without it.
  // The applicant's own page after submitting: each lender's answer and offer (decision 2113). As with
  // '/continue', the token is read once and dropped from the address.
  {
    path: '/application-status/:token?',
    title: 'Your application',
    kind: 'page',
    load: () => import('#screens/application-status/application-status-screen'),
  },
  {
    path: '/continue/:token?',
    title: 'Continue your application',
    kind: 'page',
    load: () => import('#screens/continue/continue-screen'),
  },
  // The joint applicant's own link (docs/requirements.md#the-joint-applicant-confirms-their-own-part)
  {
    path: '/joint-confirm/:token?',
    title: 'Confirm your part of the application',
    kind: 'page',
    load: () => import('#screens/joint-confirm/joint-confirm-screen'),
  },
  {
    path: '/complete',
    title: 'Thank you for your application',
    kind: 'page',
    load: () => import('#screens/complete/complete-screen'),
  },
]

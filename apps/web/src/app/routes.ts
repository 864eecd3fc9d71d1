// The route table: one line per screen. Each screen is its own lazily loaded chunk (§2: "every
// screen is loaded on demand"). Paths use wouter's patterns: '/address/:n' for '/address/{number}'.

import { employerWording } from '@forecourt/domain/journey/employer-wording'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import type { ComponentType } from 'react'

/**
 * 'question' screens show the progress bar; 'start' and 'page' (the legal pages) do not. Omitted
 * means 'question', so each question screen's line stays short.
 */
export type RouteKind = 'start' | 'question' | 'page'

export interface AppRoute {
  path: string
  /** The page title's first part: '<title> – <brand trading name>'. */
  title: string
  /**
   * The title when it depends on the answers, as the journey table's `titleFor` gives it; `n` is
   * the entry index of a repeated step. Omitted: `title`.
   */
  titleFor?: (state: ApplicationState, n: number) => string
  kind?: RouteKind
  load: () => Promise<{ default: ComponentType }>
}

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
  {
    path: '/looking-to-buy',
    title: 'Have you found a vehicle?',
    load: () => import('#screens/looking-to-buy/looking-to-buy-screen'),
  },
  {
    path: '/loan-type',
    title: 'What would you like the loan to be secured on?',
    load: () => import('#screens/loan-type/loan-type-screen'),
  },
  {
    path: '/amount-to-finance',
    title: 'How much would you like to finance?',
    load: () => import('#screens/amount-to-finance/amount-to-finance-screen'),
  },
  {
    path: '/looking-to-borrow',
    title: 'How much would you like to borrow?',
    load: () => import('#screens/looking-to-borrow/looking-to-borrow-screen'),
  },
  {
    path: '/deposit',
    title: 'Will you be paying a deposit?',
    load: () => import('#screens/deposit/deposit-screen'),
  },
  {
    path: '/term-to-borrow',
    title: 'How long would you like to borrow for?',
    load: () => import('#screens/term-to-borrow/term-to-borrow-screen'),
  },
  {
    path: '/driving-licence',
    title: 'What type of driving licence do you have?',
    load: () => import('#screens/driving-licence/driving-licence-screen'),
  },
  {
    path: '/marital-status',
    title: 'What is your marital status?',
    load: () => import('#screens/marital-status/marital-status-screen'),
  },
  {
    path: '/date-of-birth',
    title: 'What is your date of birth?',
    load: () => import('#screens/date-of-birth/date-of-birth-screen'),
  },
  {
    path: '/personal',
    title: 'About you',
    load: () => import('#screens/personal/personal-screen'),
  },
  {
    path: '/contact',
    title: 'How can we contact you?',
    load: () => import('#screens/contact/contact-screen'),
  },
  {
    path: '/address/:n',
    title: 'What is your address?',
    load: () => import('#screens/address/address-screen'),
  },
  {
    path: '/address-length/:n',
    title: 'How long have you lived at this address?',
    load: () => import('#screens/address-length/address-length-screen'),
  },
  {
    path: '/residential-status/:n',
    title: 'What is your residential status at this address?',
    load: () => import('#screens/residential-status/residential-status-screen'),
  },
  {
    path: '/property-details',
    title: 'About the property',
    load: () => import('#screens/property-details/property-details-screen'),
  },
  {
    path: '/security-address-confirm',
    title: 'Is the property you are borrowing against your current address?',
    load: () => import('#screens/security-address-confirm/security-address-confirm-screen'),
  },
  {
    path: '/security-address-add',
    title: 'What is the address of the property?',
    load: () => import('#screens/security-address-add/security-address-add-screen'),
  },
  {
    path: '/own-other-properties',
    title: 'Do you own any other properties?',
    load: () => import('#screens/own-other-properties/own-other-properties-screen'),
  },
  {
    path: '/employment/:n',
    title: 'What is your employment status?',
    load: () => import('#screens/employment/employment-screen'),
  },
  {
    path: '/employment-add/:n',
    title: 'About your employer',
    titleFor: (state, n) =>
      employerWording(state.form.employments[n - 1]?.employmentStatus ?? '', n).title,
    load: () => import('#screens/employment-add/employment-add-screen'),
  },
  {
    path: '/employment-length/:n',
    title: 'How long have you been in this employment status?',
    load: () => import('#screens/employment-length/employment-length-screen'),
  },
  {
    path: '/employment-income/:n',
    title: 'What is your monthly income after tax?',
    load: () => import('#screens/employment-income/employment-income-screen'),
  },
  {
    path: '/joint',
    title: 'Would you like to add a joint applicant?',
    load: () => import('#screens/joint/joint-screen'),
  },
  {
    path: '/joint-customer-details',
    title: 'About the joint applicant',
    load: () => import('#screens/joint-customer-details/joint-customer-details-screen'),
  },
  {
    path: '/joint-date-of-birth',
    title: 'What is their date of birth?',
    load: () => import('#screens/joint-date-of-birth/joint-date-of-birth-screen'),
  },
  {
    path: '/joint-employment-add',
    title: 'Their employment',
    load: () => import('#screens/joint-employment-add/joint-employment-add-screen'),
  },
  {
    path: '/joint-employment-length',
    title: 'How long have they been in this employment status?',
    load: () => import('#screens/joint-employment-length/joint-employment-length-screen'),
  },
  {
    path: '/joint-employment-income',
    title: 'What is their monthly income after tax?',
    load: () => import('#screens/joint-employment-income/joint-employment-income-screen'),
  },
  {
    path: '/joint-customer-contact',
    title: 'How can we contact them?',
    load: () => import('#screens/joint-customer-contact/joint-customer-contact-screen'),
  },
  {
    path: '/breathing-space',
    title: 'Your circumstances',
    load: () => import('#screens/breathing-space/breathing-space-screen'),
  },
  {
    path: '/optins',
    title: 'How would you like to hear from us?',
    load: () => import('#screens/optins/optins-screen'),
  },
  {
    path: '/joint-optins',
    title: 'How would they like to hear from us?',
    load: () => import('#screens/joint-optins/joint-optins-screen'),
  },
  {
    path: '/soft-search',
    title: 'Checking your eligibility',
    load: () => import('#screens/soft-search/soft-search-screen'),
  },
  {
    path: '/fair-processing-notice',
    title: 'How we use your information',
    load: () => import('#screens/fair-processing-notice/fair-processing-notice-screen'),
  },
  {
    path: '/before-you-submit',
    title: 'Check your answers',
    load: () => import('#screens/before-you-submit/before-you-submit-screen'),
  },
  {
    path: '/submit',
    title: 'Sending your application',
    kind: 'page',
    load: () => import('#screens/submit/submit-screen'),
  },
  {
    path: '/complete',
    title: 'Thank you for your application',
    kind: 'page',
    load: () => import('#screens/complete/complete-screen'),
  },
]

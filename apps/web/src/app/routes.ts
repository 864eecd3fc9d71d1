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
    load: () => import('../screens/start/StartScreen'),
  },
  {
    path: '/terms-and-conditions',
    title: 'Terms & Conditions',
    kind: 'page',
    load: () => import('../screens/terms-and-conditions/TermsAndConditionsScreen'),
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    kind: 'page',
    load: () => import('../screens/privacy-policy/PrivacyPolicyScreen'),
  },
  {
    path: '/cookie-policy',
    title: 'Cookie Policy',
    kind: 'page',
    load: () => import('../screens/cookie-policy/CookiePolicyScreen'),
  },
  {
    path: '/looking-to-buy',
    title: 'Have you found a vehicle?',
    load: () => import('../screens/looking-to-buy/LookingToBuyScreen'),
  },
  {
    path: '/loan-type',
    title: 'What would you like the loan to be secured on?',
    load: () => import('../screens/loan-type/LoanTypeScreen'),
  },
  {
    path: '/amount-to-finance',
    title: 'How much would you like to finance?',
    load: () => import('../screens/amount-to-finance/AmountToFinanceScreen'),
  },
  {
    path: '/looking-to-borrow',
    title: 'How much would you like to borrow?',
    load: () => import('../screens/looking-to-borrow/LookingToBorrowScreen'),
  },
  {
    path: '/deposit',
    title: 'Will you be paying a deposit?',
    load: () => import('../screens/deposit/DepositScreen'),
  },
  {
    path: '/term-to-borrow',
    title: 'How long would you like to borrow for?',
    load: () => import('../screens/term-to-borrow/TermToBorrowScreen'),
  },
  {
    path: '/driving-licence',
    title: 'What type of driving licence do you have?',
    load: () => import('../screens/driving-licence/DrivingLicenceScreen'),
  },
  {
    path: '/marital-status',
    title: 'What is your marital status?',
    load: () => import('../screens/marital-status/MaritalStatusScreen'),
  },
  {
    path: '/date-of-birth',
    title: 'What is your date of birth?',
    load: () => import('../screens/date-of-birth/DateOfBirthScreen'),
  },
  {
    path: '/personal',
    title: 'About you',
    load: () => import('../screens/personal/PersonalScreen'),
  },
  {
    path: '/contact',
    title: 'How can we contact you?',
    load: () => import('../screens/contact/ContactScreen'),
  },
  {
    path: '/address/:n',
    title: 'What is your address?',
    load: () => import('../screens/address/AddressScreen'),
  },
  {
    path: '/address-length/:n',
    title: 'How long have you lived at this address?',
    load: () => import('../screens/address-length/AddressLengthScreen'),
  },
  {
    path: '/residential-status/:n',
    title: 'What is your residential status at this address?',
    load: () => import('../screens/residential-status/ResidentialStatusScreen'),
  },
  {
    path: '/property-details',
    title: 'About the property',
    load: () => import('../screens/property-details/PropertyDetailsScreen'),
  },
  {
    path: '/security-address-confirm',
    title: 'Is the property you are borrowing against your current address?',
    load: () => import('../screens/security-address-confirm/SecurityAddressConfirmScreen'),
  },
  {
    path: '/security-address-add',
    title: 'What is the address of the property?',
    load: () => import('../screens/security-address-add/SecurityAddressAddScreen'),
  },
  {
    path: '/own-other-properties',
    title: 'Do you own any other properties?',
    load: () => import('../screens/own-other-properties/OwnOtherPropertiesScreen'),
  },
  {
    path: '/employment/:n',
    title: 'What is your employment status?',
    load: () => import('../screens/employment/EmploymentScreen'),
  },
  {
    path: '/employment-add/:n',
    title: 'About your employer',
    titleFor: (state, n) =>
      employerWording(state.form.employments[n - 1]?.employmentStatus ?? '', n).title,
    load: () => import('../screens/employment-add/EmploymentAddScreen'),
  },
  {
    path: '/employment-length/:n',
    title: 'How long have you been in this employment status?',
    load: () => import('../screens/employment-length/EmploymentLengthScreen'),
  },
  {
    path: '/employment-income/:n',
    title: 'What is your monthly income after tax?',
    load: () => import('../screens/employment-income/EmploymentIncomeScreen'),
  },
  {
    path: '/joint',
    title: 'Would you like to add a joint applicant?',
    load: () => import('../screens/joint/JointScreen'),
  },
  {
    path: '/joint-customer-details',
    title: 'About the joint applicant',
    load: () => import('../screens/joint-customer-details/JointCustomerDetailsScreen'),
  },
  {
    path: '/joint-date-of-birth',
    title: 'What is their date of birth?',
    load: () => import('../screens/joint-date-of-birth/JointDateOfBirthScreen'),
  },
  {
    path: '/joint-employment-add',
    title: 'Their employment',
    load: () => import('../screens/joint-employment-add/JointEmploymentAddScreen'),
  },
  {
    path: '/joint-employment-length',
    title: 'How long have they been in this employment status?',
    load: () => import('../screens/joint-employment-length/JointEmploymentLengthScreen'),
  },
  {
    path: '/joint-employment-income',
    title: 'What is their monthly income after tax?',
    load: () => import('../screens/joint-employment-income/JointEmploymentIncomeScreen'),
  },
  {
    path: '/joint-customer-contact',
    title: 'How can we contact them?',
    load: () => import('../screens/joint-customer-contact/JointCustomerContactScreen'),
  },
  {
    path: '/breathing-space',
    title: 'Your circumstances',
    load: () => import('../screens/breathing-space/BreathingSpaceScreen'),
  },
  {
    path: '/optins',
    title: 'How would you like to hear from us?',
    load: () => import('../screens/optins/OptinsScreen'),
  },
  {
    path: '/joint-optins',
    title: 'How would they like to hear from us?',
    load: () => import('../screens/joint-optins/JointOptinsScreen'),
  },
  {
    path: '/soft-search',
    title: 'Checking your eligibility',
    load: () => import('../screens/soft-search/SoftSearchScreen'),
  },
  {
    path: '/fair-processing-notice',
    title: 'How we use your information',
    load: () => import('../screens/fair-processing-notice/FairProcessingNoticeScreen'),
  },
  {
    path: '/before-you-submit',
    title: 'Check your answers',
    load: () => import('../screens/before-you-submit/BeforeYouSubmitScreen'),
  },
  {
    path: '/submit',
    title: 'Sending your application',
    kind: 'page',
    load: () => import('../screens/submit/SubmitScreen'),
  },
  {
    path: '/complete',
    title: 'Thank you for your application',
    kind: 'page',
    load: () => import('../screens/complete/CompleteScreen'),
  },
]

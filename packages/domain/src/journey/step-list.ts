// The journey's steps in their order (docs/requirements.md#order-of-screens): each step's id, its
// route and its question. The step ids name every record kept per step (the journey
// rules of steps.ts and opening-steps.ts, the step rules, the check page's rows, the web app's
// screens), each a Record<StepId, …>, so a new row here is a type error until every one of them has
// its entry. The web app's router reads only this list, so the page's first script carries the
// routes and titles without the journey's rules (docs/decisions/1701-one-step-table.md).
import type { Brand } from '../brands/brand'
import type { ApplicationState } from '../state/application-state'
import { employerTitle } from './employer-title'

export interface JourneyContext {
  state: ApplicationState
  brand: Brand
}

/** Which loop a repeated step belongs to: its {n} counts entries of that history. */
export type StepLoop = 'address' | 'employment' | 'joint-address'

/** One row of the list: which step, where it is, what it asks. */
export interface StepEntry {
  id: string
  /** Route, with `{n}` for the entry index of a repeated step (from 1). */
  path: string
  /** The question: the screen's heading and the page title. */
  title: string
  /**
   * The title when it depends on the answers (the employer screen follows the employment status):
   * the screen's heading and the page title. Omitted: `title`.
   */
  titleFor?: (ctx: JourneyContext, n: number) => string
  /** A repeated step's question about an earlier entry (n > 1), in the past: heading and page title. */
  previousTitle?: string
  loop?: StepLoop
}

/** The question of entry `n` of a step: what its heading says and its page title starts with. */
export function entryTitle(step: Pick<StepEntry, 'title' | 'previousTitle'>, n: number): string {
  return n > 1 && step.previousTitle !== undefined ? step.previousTitle : step.title
}

const employmentStatus = ({ state }: JourneyContext, n: number) =>
  state.form.employments[n - 1]?.employmentStatus ?? ''

export const stepList = [
  { id: 'looking-to-buy', path: '/looking-to-buy', title: 'Have you found a vehicle?' },
  {
    id: 'loan-type',
    path: '/loan-type',
    title: 'What would you like the loan to be secured on?',
  },
  {
    id: 'amount-to-finance',
    path: '/amount-to-finance',
    title: 'How much would you like to finance?',
  },
  {
    id: 'looking-to-borrow',
    path: '/looking-to-borrow',
    title: 'How much would you like to borrow?',
  },
  { id: 'deposit', path: '/deposit', title: 'Will you be paying a deposit?' },
  {
    id: 'term-to-borrow',
    path: '/term-to-borrow',
    title: 'How long would you like to borrow for?',
  },
  {
    id: 'driving-licence',
    path: '/driving-licence',
    title: 'What type of driving licence do you have?',
  },
  { id: 'marital-status', path: '/marital-status', title: 'What is your marital status?' },
  { id: 'date-of-birth', path: '/date-of-birth', title: 'What is your date of birth?' },
  { id: 'personal', path: '/personal', title: 'About you' },
  { id: 'contact', path: '/contact', title: 'How can we contact you?' },
  {
    id: 'address',
    path: '/address/{n}',
    title: 'What is your address?',
    previousTitle: 'What was your previous address?',
    loop: 'address',
  },
  {
    id: 'address-length',
    path: '/address-length/{n}',
    title: 'How long have you lived at this address?',
    previousTitle: 'How long did you live at this address?',
    loop: 'address',
  },
  {
    id: 'residential-status',
    path: '/residential-status/{n}',
    title: 'What is your residential status at this address?',
    loop: 'address',
  },
  { id: 'property-details', path: '/property-details', title: 'About the property' },
  {
    id: 'security-address-confirm',
    path: '/security-address-confirm',
    title: 'Is the property you are borrowing against your current address?',
  },
  {
    id: 'security-address-add',
    path: '/security-address-add',
    title: 'What is the address of the property?',
  },
  {
    id: 'own-other-properties',
    path: '/own-other-properties',
    title: 'Do you own any other properties?',
  },
  {
    id: 'employment',
    path: '/employment/{n}',
    title: 'What is your employment status?',
    previousTitle: 'What was your previous employment status?',
    loop: 'employment',
  },
  {
    id: 'employment-add',
    path: '/employment-add/{n}',
    title: 'About your employer',
    titleFor: (ctx, n) => employerTitle(employmentStatus(ctx, n), n),
    loop: 'employment',
  },
  {
    id: 'employment-length',
    path: '/employment-length/{n}',
    title: 'How long have you been in this employment status?',
    previousTitle: 'How long were you in this employment status?',
    loop: 'employment',
  },
  {
    id: 'employment-income',
    path: '/employment-income/1',
    title: 'What is your monthly income after tax?',
  },
  { id: 'joint', path: '/joint', title: 'Would you like to add a joint applicant?' },
  {
    id: 'joint-customer-details',
    path: '/joint-customer-details',
    title: 'About the joint applicant',
  },
  {
    id: 'joint-date-of-birth',
    path: '/joint-date-of-birth',
    title: 'What is their date of birth?',
  },
  {
    id: 'joint-same-address',
    path: '/joint-same-address',
    title: 'Does the joint applicant live at your address?',
  },
  {
    id: 'joint-address',
    path: '/joint-address/{n}',
    title: 'What is their address?',
    previousTitle: 'What was their previous address?',
    loop: 'joint-address',
  },
  {
    id: 'joint-address-length',
    path: '/joint-address-length/{n}',
    title: 'How long have they lived at this address?',
    previousTitle: 'How long did they live at this address?',
    loop: 'joint-address',
  },
  {
    id: 'joint-residential-status',
    path: '/joint-residential-status/{n}',
    title: 'What is their residential status at this address?',
    loop: 'joint-address',
  },
  { id: 'joint-employment-add', path: '/joint-employment-add', title: 'Their employment' },
  {
    id: 'joint-employment-length',
    path: '/joint-employment-length',
    title: 'How long have they been in this employment status?',
  },
  {
    id: 'joint-employment-income',
    path: '/joint-employment-income',
    title: 'What is their monthly income after tax?',
  },
  {
    id: 'joint-customer-contact',
    path: '/joint-customer-contact',
    title: 'How can we contact them?',
  },
  { id: 'breathing-space', path: '/breathing-space', title: 'Your circumstances' },
  { id: 'optins', path: '/optins', title: 'How would you like to hear from us?' },
  { id: 'joint-optins', path: '/joint-optins', title: 'How would they like to hear from us?' },
  { id: 'soft-search', path: '/soft-search', title: 'Checking your eligibility' },
  {
    id: 'fair-processing-notice',
    path: '/fair-processing-notice',
    title: 'How we use your information',
  },
  { id: 'before-you-submit', path: '/before-you-submit', title: 'Check your answers' },
  { id: 'submit', path: '/submit', title: 'Sending your application' },
] as const satisfies readonly StepEntry[]

/** Every step of the journey, by the id of its row. */
export type StepId = (typeof stepList)[number]['id']

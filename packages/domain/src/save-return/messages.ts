// The texts of save and come back later and of the joint applicant's confirmation
// (docs/requirements.md#save-and-come-back-later), verbatim, by key: shared by the browser and the
// server. Kept apart from the rules; the question screens' button has its own module (save-button.ts).

import { SAVE_FOR_LATER_BUTTON } from './save-button'

export const SAVE_RETURN_MESSAGES = {
  saveButton: SAVE_FOR_LATER_BUTTON,
  saveHeading: 'Save your answers and come back later',
  saveIntro:
    'We will email you a link to continue your application. The link works once, on any device, for 7 days. We keep the answers you have given so far until then.',
  saveSubmit: 'Send me a link',
  sentHeading: 'Check your email',
  sent: (maskedEmail: string) => `We have sent a link to ${maskedEmail} if that address is right.`,
  sentExpiry: (expiry: string) =>
    `The link works once, on any device, until ${expiry}. Open it to continue where you left off.`,
  requestAnswer: 'If this address is right, we have sent a link to it.',
  continueNow: 'Continue your application now',
  checkHeadingDateOfBirth: 'Enter your date of birth to see your answers',
  checkHeadingCode: 'Enter the code from the email to see your answers',
  codeLabel: 'Code from the email',
  codeHint: 'The 6-digit code is in the same email as the link.',
  checkSubmit: 'Continue',
  codeRequired: 'Please enter the 6-digit code from the email.',
  codeFormat: 'The code is 6 digits, for example 123456.',
  dateOfBirthRequired: 'Please enter your date of birth.',
  dateOfBirthWrong: (left: number) =>
    `That date of birth does not match the application. You can try ${left} more ${left === 1 ? 'time' : 'times'}.`,
  codeWrong: (left: number) =>
    `That code does not match the one we sent. You can try ${left} more ${left === 1 ? 'time' : 'times'}.`,
  expiredHeading: 'This link has expired',
  expiredBody:
    'Links work once and for 7 days, and stop working after 5 wrong answers. Enter the email address the link was sent to and we will send you a new one.',
  newLinkSubmit: 'Send me a new link',
  tooManyRequests: 'You have asked for too many links. Please wait an hour and try again.',
  alreadySubmitted:
    'This application has already been sent, so its answers cannot be saved for later.',
  submittedHeading: 'Your application has already been sent',
  submittedBody: (tradingName: string, reference: string) =>
    `It is with ${tradingName}, reference ${reference}: there is nothing more to fill in, and this link is no longer needed. Please quote the reference if you contact us.`,
  submittedFollow:
    'Your confirmation email has a link to your own page, where you can see each lender’s answer as it arrives.',
  notSaved: 'We could not save your answers just now. Please try again.',
  checkFailed: 'We could not check that just now. Please try again.',
  emailLabel: 'Email address',
  emailHint: 'We will send the link to this address.',
} as const

export const JOINT_CONFIRM_MESSAGES = {
  checkHeading: 'Enter your date of birth to see your part of the application',
  heading: 'Confirm your part of the application',
  intro: (applicantName: string) =>
    `${applicantName} has applied for finance and named you as the joint applicant. Please check what you would be applying for together and what they told us about you. Then confirm, or tell us what is not right.`,
  loanHeading: 'What you are applying for',
  detailsHeading: 'What we were told about you',
  correctionsLabel: 'Anything that is wrong (optional)',
  correctionsHint: 'Tell us what should be different, for example your employer or your income.',
  correctionsTooLong: 'Your corrections must be 1000 characters or fewer.',
  noticeHeading: 'How we use your information',
  /** The heading of the applicant's own soft-search step. */
  softSearchHeading: 'Checking your eligibility',
  softSearchLegend: 'Do you agree to a soft search?',
  softSearchIntro:
    'As this is a joint application, we and the lenders we work with will look at the credit files of both of you. We do this with a soft search.',
  softSearchRequired:
    'Please tick the box to agree to a soft search, or tell us what is not right.',
  marketingLegend: 'How may we contact you about other products and offers?',
  confirmButton: 'Confirm',
  confirmedHeading: 'Thank you, you have confirmed your part',
  confirmed: (reference: string) =>
    `We have recorded your confirmation for application ${reference} and passed it to the lenders.`,
  referenceLine: 'The application’s reference is',
  confirmStatement:
    'By pressing Confirm you agree to this application, you say that what we were told about you is right, apart from any corrections you have written above, and that you have read how we use your information.',
  disputeHeading: 'If this is not right',
  disputeIntro: (tradingName: string) =>
    `If you did not agree to this application, or the loan or what it is secured on is wrong, do not confirm. Tell us what is not right and ${tradingName} will contact you. This does not confirm your part.`,
  disputeLabel: 'What is not right',
  disputeRequired: 'Please tell us what is not right.',
  disputeTooLong: 'What is not right must be 1000 characters or fewer.',
  disputeButton: 'This is not right',
  disputedHeading: 'We have told the broker that this is not right',
  disputed: (reference: string, tradingName: string, email: string, phone: string) =>
    `You have not confirmed your part of application ${reference}. ${tradingName} will contact you about what you told us. To speak to them sooner, contact them at ${email} or on ${phone}.`,
  /** Below the form that sends a new link, which a joint applicant's expired page offers too (decision 1921). */
  expiredContact: (tradingName: string, email: string, phone: string) =>
    `If no new link arrives, or you no longer use that address, contact ${tradingName} at ${email} or on ${phone}.`,
} as const

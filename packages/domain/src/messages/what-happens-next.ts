// One account of what happens after a submission, per loan kind and per person: the thank-you page and the
// confirmation emails (the applicant's and the joint applicant's) say the same steps in the same words, so a
// person never reads two versions of their next few days. A loan secured on a home says so, and carries the
// repossession warning wherever the steps are told (decision 2132).

import type { Brand } from '../brands/brand'

/** What a loan is secured on: the answer to "loan type" (loanPurposeType 'property', else a vehicle). */
export type LoanKind = 'vehicle' | 'property'

export function loanKindOf(loanPurposeType: unknown): LoanKind {
  return loanPurposeType === 'property' ? 'property' : 'vehicle'
}

/** The risk warning of a loan secured on a home, as the representative example shows it. */
export const REPOSSESSION_WARNING =
  'Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt ' +
  'secured on it.'

/** What the application is for, completing "an application for …". */
export function loanWords(kind: LoanKind): string {
  return kind === 'property' ? 'a homeowner loan (a loan secured on a home)' : 'vehicle finance'
}

/** Who is reading: the applicant, or the joint applicant named on their application. */
export type Reader = 'applicant' | 'joint-applicant'

export interface NextStepsFor {
  brand: Pick<Brand, 'tradingName' | 'contact' | 'softSearch'>
  kind: LoanKind
  /** Whether the application is joint (the applicant's steps then name the joint applicant). */
  joint: boolean
  reader: Reader
}

/** The steps, in order, each a sentence or two. */
export function whatHappensNext({ brand, kind, joint, reader }: NextStepsFor): string[] {
  const { phone, email, replyWithin } = brand.contact
  const whom =
    reader === 'joint-applicant'
      ? 'you and the main applicant'
      : joint
        ? 'you and the joint applicant'
        : 'you'
  const steps = [
    `${brand.tradingName} will contact ${whom} within ${replyWithin}, by phone or email, to talk ` +
      `about ${reader === 'applicant' ? 'your' : 'the'} application. Our calls come from ${phone} and our emails from ${email}.`,
    'We look for a lender on our panel who can offer you finance. There is no fee to pay us.',
  ]
  if (brand.softSearch) {
    steps.push(
      'Lenders check your eligibility with a soft search, which does not affect your credit ' +
        'score. A lender will only make a full (hard) search of your credit file with your ' +
        'agreement, if you decide to go ahead.',
    )
  }
  if (kind === 'property') {
    steps.push(
      'The loan would be secured on the home: a lender may value the property and ask about its ' +
        'mortgage before it makes an offer.',
    )
  }
  steps.push(
    reader === 'applicant'
      ? 'We email you when a lender has made a decision, with a link to your own page, where you can ' +
          'see each lender’s answer and choose an offer.'
      : 'We email you when a lender has made a decision.',
    'If a lender can offer you finance, they will send you a written quotation, then the credit ' +
      'agreement to read before you sign. They may ask for proof of your identity, address and ' +
      'income. You do not have to accept any offer.',
  )
  return steps
}

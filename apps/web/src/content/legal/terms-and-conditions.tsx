// The Terms & Conditions (docs/requirements.md#legal-texts), one text for the page and the modal. Plain English for
// a UK credit broker; every section the specification lists, in its order.

import type { Brand } from '@forecourt/domain/brands/brand'
import { Link } from 'wouter'
import { useBrand } from '#brand/use-brand'
import { SectionHeading, type SectionLevel } from './legal-heading'

export function TermsAndConditions({ brand, level = 2 }: { brand: Brand; level?: SectionLevel }) {
  const { legalName, postalAddress, regulatoryStatement } = brand.firm
  const we = brand.tradingName
  return (
    <div className="legal-text">
      <p>
        These terms apply when you use this website and when you apply for finance through it. The
        website is run by {legalName} (“{we}”, “we”, “us”), {postalAddress}.
      </p>
      <p>{regulatoryStatement}</p>
      <p>
        Please read these terms before you apply. By using this website you agree to them. If you do
        not agree, please do not use the website.
      </p>

      <SectionHeading level={level}>1. Use of the website</SectionHeading>
      <p>
        This website is for people who live in the UK. You must be 18 or over to apply for finance
        through it.
      </p>
      <p>
        You may use the website to find out about finance and to apply for it, for yourself and, in
        a joint application, with the other applicant’s agreement. We may change, suspend or
        withdraw the website, or any part of it, without notice, for example for maintenance.
      </p>
      <p>
        The information on this website is general information about finance. It is not advice about
        whether a particular product is right for you.
      </p>

      <SectionHeading level={level}>2. Use of your information</SectionHeading>
      <p>
        We use the information you give us to deal with your enquiry and your application, as our
        Privacy Policy explains. In particular:
      </p>
      <ul>
        <li>
          <strong>Soft credit searches.</strong> To find lenders who may accept you, we and the
          lenders on our panel may carry out a soft search of your credit file with a credit
          reference agency. Only you can see a soft search on your credit file; it does not affect
          your credit score.
        </li>
        <li>
          <strong>Hard credit searches.</strong> If you choose to go ahead with a lender, the lender
          will carry out a full (hard) search before it lends. A hard search stays on your credit
          file, other lenders can see it, and it may affect your ability to get credit for a while.
        </li>
        <li>
          <strong>Contact about your enquiry.</strong> When you send an enquiry, you agree that we,
          and the lenders we pass it to, may contact you by telephone, email, text message or post
          about that enquiry.
        </li>
        <li>
          <strong>Marketing contact.</strong> We send you marketing only if you have opted in, and
          only by the channels you chose. You can opt out at any time by telling us, or by using the
          unsubscribe link in any marketing email.
        </li>
        <li>
          <strong>Sharing with third-party lenders.</strong> We are a credit broker, not a lender.
          We pass your application to lenders and finance providers on our panel, which may then
          contact you directly. We may also share it with insurers, companies in our group and
          regulators where the law requires or allows it.
        </li>
        <li>
          <strong>Fraud prevention.</strong> We and the lenders check the details you give with
          fraud prevention agencies. If false or inaccurate information is given and fraud is
          identified, the details will be passed to those agencies, and you may be refused finance.
        </li>
      </ul>
      <p>
        We may receive a commission from the lender if you take out finance. The amount may differ
        between lenders and products, and you can ask us what it is. It does not change what you pay
        the lender. We do not charge you a fee for introducing you to a lender.
      </p>
      <p>
        Telephone calls with us are recorded and may be monitored, for training, for quality, to
        check what was agreed and to meet our regulatory duties.
      </p>

      <SectionHeading level={level}>3. Intellectual property</SectionHeading>
      <p>
        The content of this website, including its text, design, logos and software, belongs to us
        or to those who license it to us. You may view it and print pages for your own use. You may
        not copy, change or publish it for any other purpose without our written permission.
      </p>

      <SectionHeading level={level}>4. Prohibited use</SectionHeading>
      <p>You must not:</p>
      <ul>
        <li>use the website in any way that breaks the law or is fraudulent;</li>
        <li>apply in someone else’s name, or give information you know to be false;</li>
        <li>introduce viruses or other harmful code, or try to break the website’s security;</li>
        <li>
          collect data from the website by automated means, or use it in a way that harms its
          availability for others.
        </li>
      </ul>

      <SectionHeading level={level}>5. Links</SectionHeading>
      <p>
        Links to other websites are there for your information. We do not control those websites and
        are not responsible for their content or for how they use your information. Read their own
        terms and privacy notices.
      </p>

      <SectionHeading level={level}>6. Privacy and cookie policy</SectionHeading>
      <p>
        Our <Link href="/privacy-policy">Privacy Policy</Link> explains how we collect and use your
        personal data and your rights. Our <Link href="/cookie-policy">Cookie Policy</Link> explains
        what this website stores in your browser and why.
      </p>

      <SectionHeading level={level}>7. Your application</SectionHeading>
      <p>
        The information you give must be true and complete, and you must tell us if it changes
        before your finance is arranged. For a joint application, you must have the other
        applicant’s agreement to give us their details.
      </p>
      <p>
        Whether to lend, and on what terms, is the lender’s decision. All finance is subject to
        status and income, and we cannot promise that you will be offered finance or a particular
        rate. A lender that offers you finance will give you its own agreement and pre-contract
        information: read them before you sign. You normally have 14 days after signing a credit
        agreement to withdraw from it.
      </p>

      <SectionHeading level={level}>8. Affordability</SectionHeading>
      <p>
        Only borrow what you can afford to repay, now and if your circumstances change, for example
        if your income falls. Lenders will check that the repayments are affordable for you.
      </p>
      <p>
        Missing repayments may affect your credit rating, make it harder to get credit and lead to
        legal action. If a loan is secured on your vehicle or your property, the lender could take
        it back if you do not keep up the repayments.
      </p>
      <p>
        If you are worried about debt, free and impartial help is available from MoneyHelper
        (moneyhelper.org.uk).
      </p>

      <SectionHeading level={level}>9. Disclaimers</SectionHeading>
      <p>
        We take care that the information on this website is accurate and up to date, but we do not
        guarantee it. Representative examples show what finance could cost; the rate you are offered
        depends on your circumstances and may be different. We do not promise that the website will
        always be available or free of errors.
      </p>

      <SectionHeading level={level}>10. Limitation of liability</SectionHeading>
      <p>
        We are not liable for any loss that was not foreseeable when you used the website, for any
        business loss, or for loss caused by events outside our reasonable control. Nothing in these
        terms limits our liability for death or personal injury caused by our negligence, for fraud,
        or for anything else the law does not allow us to limit, and nothing affects your legal
        rights as a consumer.
      </p>

      <SectionHeading level={level}>11. General terms</SectionHeading>
      <p>
        These terms are governed by English law. You can bring proceedings in the courts of England
        and Wales, or, if you live in Scotland or Northern Ireland, in the courts of where you live.
      </p>
      <p>
        We may update these terms; the version on the website when you apply is the one that
        applies. If a court finds part of these terms unenforceable, the rest still applies.
      </p>
      <p>
        If you have a complaint, write to us at {legalName}, {postalAddress}. If we cannot resolve
        it, you may be able to refer it to the Financial Ombudsman Service
        (financial-ombudsman.org.uk).
      </p>
    </div>
  )
}

/** The text in the privacy banner's modal, whose heading is the dialog's h2. */
export function TermsInModal() {
  return <TermsAndConditions brand={useBrand()} level={3} />
}

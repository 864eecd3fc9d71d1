// The Privacy Policy (docs/requirements.md#legal-texts), one text for the page and the modal. Plain English; every
// section the specification lists, in its order. "Privacy Statement" appears once, as the subtitle.

import type { Brand } from '@forecourt/domain/brands/brand'
import { Link } from 'wouter'
import { ContactDetails } from '#components/contact-details/contact-details'
import { useBrand } from '#brand/use-brand'
import { SectionHeading, type SectionLevel } from './legal-heading'

export function PrivacyPolicy({ brand, level = 2 }: { brand: Brand; level?: SectionLevel }) {
  const { legalName, postalAddress } = brand.firm
  const we = brand.tradingName
  return (
    <div className="legal-text">
      <p className="subtitle">Privacy Statement</p>
      <p>
        {legalName} (“{we}”, “we”, “us”), {postalAddress}, is the controller of the personal data
        you give us through this website. This statement explains what we collect, why, who we share
        it with, how long we keep it and what your rights are.
      </p>

      <SectionHeading level={level}>Personal data we collect</SectionHeading>
      <p>When you apply, or contact us, we collect:</p>
      <ul>
        <li>your name and title;</li>
        <li>your address, and the addresses you have lived at over the last three years;</li>
        <li>your date of birth and marital status;</li>
        <li>your contact details: email address and telephone number;</li>
        <li>your interests: the vehicle and the finance you are looking for;</li>
        <li>payment details, where you make or receive a payment through us;</li>
        <li>
          financial information: your employment, income, residential status, any property you own
          and what you owe on it;
        </li>
        <li>your opinions, when you answer a survey or send us feedback;</li>
        <li>the same details about a joint applicant, when you apply with one;</li>
        <li>
          technical details: your IP address, browser type, the page that sent you here and the
          advertising campaign, if any, that brought you.
        </li>
      </ul>

      <SectionHeading level={level}>How we use your data</SectionHeading>
      <p>We use your personal data:</p>
      <ul>
        <li>
          to handle your enquiry and find lenders who may offer you finance (to take steps at your
          request before entering into a contract);
        </li>
        <li>
          to check your identity, prevent fraud and money laundering, and meet our legal and
          regulatory duties (legal obligation);
        </li>
        <li>
          to run and improve our service and this website, and to keep it secure (our legitimate
          interests);
        </li>
        <li>to send you marketing, only where you have agreed to it (consent).</li>
      </ul>

      <SectionHeading level={level}>Marketing and opting in</SectionHeading>
      <p>
        We send you marketing only if you opt in, and each way of contacting you needs its own
        opt-in: post, telephone, text message and email are separate choices, and choosing one does
        not mean choosing another. The same applies to marketing from our partners. You can change
        your mind at any time by contacting us or by using the unsubscribe link in any email;
        withdrawing does not affect contact about an application you have made.
      </p>

      <SectionHeading level={level}>Disclosure of your data</SectionHeading>
      <p>We share your personal data with:</p>
      <ul>
        <li>the lenders and finance providers on our panel, to find and arrange your finance;</li>
        <li>credit reference agencies, which record searches made about you;</li>
        <li>fraud prevention agencies;</li>
        <li>insurers, where you ask about insurance with your finance;</li>
        <li>companies in our group, and suppliers who provide services to us under contract;</li>
        <li>regulators, the police and others where the law requires it.</li>
      </ul>
      <p>We never sell your personal data.</p>
      <ThankYouPage brand={brand} />

      <SectionHeading level={level}>Data security</SectionHeading>
      <p>
        Your details travel over an encrypted connection and are stored on secure systems with
        access limited to those who need it. No system is completely secure, so we also monitor for
        and respond to any breach as the law requires.
      </p>

      <SectionHeading level={level}>Monitoring of communications</SectionHeading>
      <p>
        We record and may monitor telephone calls, and keep emails and messages, for training,
        quality, to check what was agreed, to prevent fraud and to meet our regulatory duties.
      </p>

      <SectionHeading level={level}>Information about other individuals</SectionHeading>
      <p>
        If you give us details about someone else, such as a joint applicant, you must have their
        agreement, and you should show them this statement.
      </p>

      <SectionHeading level={level}>Analytics and advertising features</SectionHeading>
      <p>
        With your agreement, we use analytics and advertising tools (through Google Tag Manager) to
        understand how the website is used and which adverts bring visitors to it. They do not
        receive the answers you type into the form. Our{' '}
        <Link href="/cookie-policy">Cookie Policy</Link> lists what is stored in your browser and
        how to change your choice.
      </p>

      <SectionHeading level={level}>Your rights</SectionHeading>
      <p>You have the right to:</p>
      <ul>
        <li>ask for a copy of the personal data we hold about you (a subject access request);</li>
        <li>have inaccurate data corrected, and incomplete data completed;</li>
        <li>stop direct marketing at any time;</li>
        <li>
          ask us to delete your data, or to restrict or object to how we use it, where the law
          allows;
        </li>
        <li>receive the data you gave us in a format you can take elsewhere.</li>
      </ul>
      <p>To use any of these rights, contact us at the address below. There is normally no fee.</p>

      <SectionHeading level={level}>How long we keep your data</SectionHeading>
      <p>
        We keep your application and our records of it for up to six years after our last contact
        with you, to meet our legal and regulatory duties and to deal with any complaint or claim.
        An application you start but do not send is deleted after 30 days.
      </p>

      <SectionHeading level={level}>International transfers</SectionHeading>
      <p>
        We store your data in the UK. If a supplier handles it outside the UK, we make sure it is
        protected to the standard UK law requires, for example by an adequacy decision or the
        approved contract clauses.
      </p>

      <SectionHeading level={level}>Complaints and spam</SectionHeading>
      <p>
        If you are unhappy with how we have used your data, or you receive messages from us you did
        not agree to, please tell us and we will put it right. You can also complain to the
        Information Commissioner’s Office (ico.org.uk, 0303 123 1113).
      </p>

      <SectionHeading level={level}>Contact details</SectionHeading>
      <p>
        Write to the Data Protection Officer, {legalName}, {postalAddress}, or call or email us:
      </p>
      <ContactDetails brand={brand} />

      <SectionHeading level={level}>Changes to this statement</SectionHeading>
      <p>
        We may update this statement. The version on this website is the current one; we will tell
        you about significant changes that affect an application you have made.
      </p>
    </div>
  )
}

/**
 * Where the applicant goes after sending the application, and whether that page's address carries
 * their email (docs/decisions/1525).
 */
function ThankYouPage({ brand }: { brand: Brand }) {
  if (!brand.thankYouUrl) {
    return (
      <p>
        When you send your application, we show you our confirmation page on this website. Your
        email address is not put in its address.
      </p>
    )
  }
  const site = new URL(brand.thankYouUrl).host
  if (brand.emailInThankYouUrl === false) {
    return (
      <p>
        When you send your application, we take you to our thank-you page on {site}. Your email
        address is not put in its address.
      </p>
    )
  }
  return (
    <p>
      When you send your application, we take you to our thank-you page on {site}, and its address
      carries your email address, encoded (base64, which anyone can decode: it is not encryption),
      so that page can recognise you. That website’s server logs, your browser’s history and any
      analytics on that page may record the address, and so your email address.
    </p>
  )
}

/** The text in the privacy banner's modal, whose heading is the dialog's h2. */
export function PrivacyInModal() {
  return <PrivacyPolicy brand={useBrand()} level={3} />
}

// The broker's phone number and email address, as links that call and write (tel:, mailto:). In
// every page's footer and on the screens that ask the applicant to get in touch.

import type { Brand } from '@forecourt/domain/brands/brand'
import { mailtoHref, telephoneHref } from '@forecourt/domain/brands/contact'

export function ContactDetails({ brand }: { brand: Brand }) {
  const { phone, email, openingHours } = brand.contact
  return (
    <address className="contact-details">
      <p>
        Phone <a href={telephoneHref(phone)}>{phone}</a> ({openingHours})
      </p>
      <p>
        Email <a href={mailtoHref(email)}>{email}</a>
      </p>
    </address>
  )
}

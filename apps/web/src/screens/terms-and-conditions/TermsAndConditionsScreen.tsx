import { ScreenHeading } from '../../app/ScreenHeading'
import { useBrand } from '../../brand/use-brand'
import { TermsAndConditions } from '../../content/legal/TermsAndConditions'

export default function TermsAndConditionsScreen() {
  const brand = useBrand()
  return (
    <article>
      <ScreenHeading>Terms &amp; Conditions</ScreenHeading>
      <TermsAndConditions brand={brand} />
    </article>
  )
}

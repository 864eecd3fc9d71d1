import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { useBrand } from '#brand/use-brand'
import { TermsAndConditions } from '#content/legal/terms-and-conditions'

export default function TermsAndConditionsScreen() {
  const brand = useBrand()
  return (
    <article>
      <ScreenHeading>Terms &amp; Conditions</ScreenHeading>
      <TermsAndConditions brand={brand} />
    </article>
  )
}

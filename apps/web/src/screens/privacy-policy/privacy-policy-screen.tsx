import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { useBrand } from '#brand/use-brand'
import { PrivacyPolicy } from '#content/legal/privacy-policy'

export default function PrivacyPolicyScreen() {
  const brand = useBrand()
  return (
    <article>
      <ScreenHeading>Privacy Policy</ScreenHeading>
      <PrivacyPolicy brand={brand} />
    </article>
  )
}

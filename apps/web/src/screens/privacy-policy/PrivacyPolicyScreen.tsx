import { ScreenHeading } from '../../app/ScreenHeading'
import { useBrand } from '../../brand/use-brand'
import { PrivacyPolicy } from '../../content/legal/PrivacyPolicy'

export default function PrivacyPolicyScreen() {
  const brand = useBrand()
  return (
    <article>
      <ScreenHeading>Privacy Policy</ScreenHeading>
      <PrivacyPolicy brand={brand} />
    </article>
  )
}

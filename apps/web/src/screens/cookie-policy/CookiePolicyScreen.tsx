import { ScreenHeading } from '../../app/ScreenHeading'
import { useBrand } from '../../brand/use-brand'
import { CookiePolicy } from '../../content/legal/CookiePolicy'

export default function CookiePolicyScreen() {
  const brand = useBrand()
  return (
    <article>
      <ScreenHeading>Cookie Policy</ScreenHeading>
      <CookiePolicy brand={brand} />
    </article>
  )
}

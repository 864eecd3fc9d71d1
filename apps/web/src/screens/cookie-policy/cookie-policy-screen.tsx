import { ScreenHeading } from '#components/screen-heading/screen-heading'
import { useBrand } from '#brand/use-brand'
import { CookiePolicy } from '#content/legal/cookie-policy'

export default function CookiePolicyScreen() {
  const brand = useBrand()
  return (
    <article>
      <ScreenHeading>Cookie Policy</ScreenHeading>
      <CookiePolicy brand={brand} />
    </article>
  )
}

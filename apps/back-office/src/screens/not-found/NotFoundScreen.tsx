import { Link } from 'wouter'
import { PageHeading, usePageTitle } from '#app/page'

export default function NotFoundScreen() {
  usePageTitle('Page not found')
  return (
    <>
      <PageHeading>Page not found</PageHeading>
      <p>If you typed the address, check it is correct.</p>
      <p>
        <Link href="/applications">Go to applications</Link>
      </p>
    </>
  )
}

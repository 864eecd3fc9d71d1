// MOJ sub navigation: the parts of one record, the current one marked with aria-current="page".

import { Link } from 'wouter'

export interface SubNavigationItem {
  href: string
  text: string
  current: boolean
}

export function SubNavigation({ label, items }: { label: string; items: SubNavigationItem[] }) {
  return (
    <nav className="sub-nav" aria-label={label}>
      <ul className="sub-nav__list">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className="sub-nav__link"
              aria-current={item.current ? 'page' : undefined}
            >
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

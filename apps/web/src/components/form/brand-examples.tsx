import { BRAND_IDS, brands } from '@forecourt/domain/brands/brand-data'
import type { CSSProperties, JSX } from 'react'
import type { Example } from './examples'

/**
 * One example per brand, for controls whose look uses the brand colour (checked marks, sliders).
 * The running app sets the same custom properties on :root from the brand's configuration.
 */
export function brandExamples(render: () => JSX.Element): Example[] {
  return BRAND_IDS.map((id) => ({
    name: `brand ${id}`,
    render: () => (
      <div
        style={
          {
            '--brand-colour': brands[id].colour,
            '--brand-text-on-colour': brands[id].textOnColour,
          } as CSSProperties
        }
      >
        {render()}
      </div>
    ),
  }))
}

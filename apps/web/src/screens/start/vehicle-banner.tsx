// The vehicle being financed (docs/requirements.md#shell), shown only once a vehicle with a registration number is
// loaded from stock.

import { useId } from 'react'
import { formatPounds } from '@forecourt/domain/finance/money'
import { formatNumber } from '@forecourt/domain/format/en-gb'
import { useApplication } from '#lib/session-store'

// Without Intl: the start page would pay for its locale data (format/en-gb.ts).
const wholeNumber = (value: number) => formatNumber(value, { maximumFractionDigits: 0 })

export function formatMileage(mileage: number): string {
  return `${wholeNumber(mileage)} ${mileage === 1 ? 'mile' : 'miles'}`
}

export function VehicleBanner() {
  const vehicle = useApplication((state) => state.form.vehicle)
  const headingId = useId()
  if (!vehicle.vrm.trim()) return null
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(' ')

  return (
    <section className="vehicle-banner" aria-labelledby={headingId}>
      <h2 id={headingId}>Let's start with the vehicle you want to finance</h2>
      {vehicle.imageUrl && (
        <img src={vehicle.imageUrl} alt={name} width="400" height="300" decoding="async" />
      )}
      <dl className="figures">
        <dt>Make</dt>
        <dd>{vehicle.make}</dd>
        <dt>Model</dt>
        <dd>{vehicle.model}</dd>
        {vehicle.mileage !== null && (
          <>
            <dt>Mileage</dt>
            <dd>{formatMileage(vehicle.mileage)}</dd>
          </>
        )}
        <dt>Registration</dt>
        <dd>
          <span className="number-plate">{vehicle.vrm}</span>
        </dd>
        {vehicle.price !== null && (
          <>
            <dt>Price</dt>
            <dd>{formatPounds(vehicle.price, { pence: false })}</dd>
          </>
        )}
      </dl>
    </section>
  )
}

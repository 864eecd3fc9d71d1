// Six demonstration vehicles, one of each type the brands sell, so `?vehicleid=demo-car-1` shows the vehicle
// banner on any machine. The plates are made up in the current UK format (two letters, the age identifier,
// three letters) and match the registration year; real stock would come from a dealer feed.

import type { Kysely } from 'kysely'
import type { NewVehicleRow, Tables } from './tables'

type DemoVehicle = Omit<NewVehicleRow, 'created_at' | 'primary_image'>

export const DEMO_VEHICLES: readonly DemoVehicle[] = [
  {
    id: 'demo-car-1',
    vehicle_type: 'Car',
    make: 'Ford',
    model: 'Focus 1.0 EcoBoost Titanium 5dr',
    price: 14995,
    mileage: 28450,
    colour: 'Magnetic Grey',
    fuel_type: 'Petrol',
    transmission: 'Manual',
    registration_year: 2021,
    vrm: 'LB21 KXT',
  },
  {
    id: 'demo-van-1',
    vehicle_type: 'Van',
    make: 'Volkswagen',
    model: 'Transporter T28 2.0 TDI Highline',
    price: 21495,
    mileage: 48200,
    colour: 'Candy White',
    fuel_type: 'Diesel',
    transmission: 'Manual',
    registration_year: 2020,
    vrm: 'YF70 PLW',
  },
  {
    id: 'demo-motorcycle-1',
    vehicle_type: 'Motorcycle',
    make: 'Honda',
    model: 'CB500F',
    price: 5295,
    mileage: 8900,
    colour: 'Grand Prix Red',
    fuel_type: 'Petrol',
    transmission: 'Manual',
    registration_year: 2019,
    vrm: 'MA19 HUV',
  },
  {
    id: 'demo-motorhome-1',
    vehicle_type: 'Motorhome',
    make: 'Auto-Trail',
    model: 'Tribute T-670',
    price: 49950,
    mileage: 18750,
    colour: 'White',
    fuel_type: 'Diesel',
    transmission: 'Manual',
    registration_year: 2018,
    vrm: 'DK68 RFO',
  },
  {
    id: 'demo-caravan-1',
    vehicle_type: 'Caravan',
    make: 'Swift',
    model: 'Challenger 580',
    price: 18995,
    // A touring caravan has no engine: no odometer, no fuel, no gearbox.
    mileage: null,
    colour: 'White',
    fuel_type: null,
    transmission: null,
    registration_year: 2022,
    vrm: 'SN22 EWC',
  },
  {
    id: 'demo-horsebox-1',
    vehicle_type: 'Horsebox',
    make: 'Equi-Trek',
    model: 'Sonic Excel 3.5t',
    price: 38995,
    mileage: 41300,
    colour: 'Silver',
    fuel_type: 'Diesel',
    transmission: 'Manual',
    registration_year: 2017,
    vrm: 'AV17 TNJ',
  },
]

export function demoImagePath(id: string): string {
  return `/vehicles/${id}.svg`
}

/**
 * Inserts the demo vehicles, or brings them back to the values above when they exist (so an edit here
 * reaches databases seeded before it). Their first created_at is kept. Safe to run at every start-up.
 */
export async function seedDemoStock(db: Kysely<Tables>, now: Date = new Date()): Promise<void> {
  const createdAt = now.toISOString()
  await db.transaction().execute(async (trx) => {
    for (const vehicle of DEMO_VEHICLES) {
      const row: NewVehicleRow = {
        ...vehicle,
        primary_image: demoImagePath(vehicle.id),
        created_at: createdAt,
      }
      const { id: _id, created_at: _createdAt, ...changes } = row
      await trx
        .insertInto('vehicles')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doUpdateSet(changes))
        .execute()
    }
  })
}

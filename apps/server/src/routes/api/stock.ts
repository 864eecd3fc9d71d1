// One vehicle from stock, for the vehicle banner (docs/requirements.md#calls: GET {vehicles host}/api/stock/{id}).
// Fields the front end reads are named as the specification names them; a missing value is null.

import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import type { Tables, VehicleRow } from '../../db/tables'
import { VEHICLE_TYPES } from '../../db/tables'
import { findVehicle } from '../../repositories/vehicle-repository'

export interface StockRoutesOptions {
  db: Kysely<Tables>
}

export interface StockVehicle {
  vehicleId: string
  primaryImage: string | null
  make: string
  model: string
  /** Whole pounds. */
  price: number
  mileage: number | null
  colour: string | null
  vrm: string | null
  fuelType: string | null
  transmission: string | null
  registrationYear: number | null
  vehicleType: string
}

export const VEHICLE_ID_PATTERN = '^[A-Za-z0-9-]{1,64}$'

const nullable = (type: 'string' | 'integer') => ({ type: [type, 'null'] })
const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const

const schema = {
  params: {
    type: 'object',
    properties: { vehicleId: { type: 'string', pattern: VEHICLE_ID_PATTERN } },
    required: ['vehicleId'],
  },
  response: {
    200: {
      type: 'object',
      properties: {
        vehicleId: { type: 'string' },
        primaryImage: nullable('string'),
        make: { type: 'string' },
        model: { type: 'string' },
        price: { type: 'integer' },
        mileage: nullable('integer'),
        colour: nullable('string'),
        vrm: nullable('string'),
        fuelType: nullable('string'),
        transmission: nullable('string'),
        registrationYear: nullable('integer'),
        vehicleType: { type: 'string', enum: VEHICLE_TYPES },
      },
      required: [
        'vehicleId',
        'primaryImage',
        'make',
        'model',
        'price',
        'mileage',
        'colour',
        'vrm',
        'fuelType',
        'transmission',
        'registrationYear',
        'vehicleType',
      ],
      additionalProperties: false,
    },
    400: errorBody,
    404: errorBody,
  },
} as const

export const stockRoutes: FastifyPluginAsync<StockRoutesOptions> = async (app, options) => {
  app.get<{ Params: { vehicleId: string } }>(
    '/api/stock/:vehicleId',
    { schema },
    async (request, reply) => {
      const vehicle = await findVehicle(options.db, request.params.vehicleId)
      if (vehicle === undefined) return reply.code(404).send({ error: 'Vehicle not found' })
      return toStockVehicle(vehicle)
    },
  )
}

export function toStockVehicle(row: VehicleRow): StockVehicle {
  return {
    vehicleId: row.id,
    primaryImage: row.primary_image,
    make: row.make,
    model: row.model,
    price: row.price,
    mileage: row.mileage,
    colour: row.colour,
    vrm: row.vrm,
    fuelType: row.fuel_type,
    transmission: row.transmission,
    registrationYear: row.registration_year,
    vehicleType: row.vehicle_type,
  }
}

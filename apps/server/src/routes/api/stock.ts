// One vehicle from stock, for the vehicle banner (docs/requirements.md#calls: GET {vehicles host}/api/stock/{id}).
// Fields the front end reads are named as the specification names them; a missing value is null.

import type { FastifyPluginAsync } from 'fastify'
import type { ApplicantReply, StockVehicle } from '@forecourt/domain/contract/applicant'
import type { Kysely } from 'kysely'
import type { Tables, VehicleRow } from '../../db/tables'
import { findVehicle } from '../../repositories/vehicle-repository'
import { applicantResponses } from './applicant-contract'

export interface StockRoutesOptions {
  db: Kysely<Tables>
}

/** The vehicle as the contract declares it (decision 2166). */
export type { StockVehicle }

export const VEHICLE_ID_PATTERN = '^[A-Za-z0-9-]{1,64}$'

const schema = {
  params: {
    type: 'object',
    properties: { vehicleId: { type: 'string', pattern: VEHICLE_ID_PATTERN } },
    required: ['vehicleId'],
  },
  response: applicantResponses('GET /api/stock/:vehicleId'),
}

export const stockRoutes: FastifyPluginAsync<StockRoutesOptions> = async (app, options) => {
  app.get<{ Params: { vehicleId: string }; Reply: ApplicantReply<'GET /api/stock/:vehicleId'> }>(
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

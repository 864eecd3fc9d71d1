// The start-up calls that wait on the network (docs/requirements.md#start-up, docs/requirements.md#calls): the IP lookup and the vehicle from stock.
// Kept out of the first chunk: main.tsx loads this module after the first render.

import {
  emptyVehicle,
  type ApplicationState,
  type Vehicle,
} from '@forecourt/domain/state/application-state'
import { isVehicleType } from '@forecourt/domain/brands/host'
import type { StartUpEnv } from './start-up'
import type { StockAnswer } from './api-types'

export type ApplyChange = (mutator: (draft: ApplicationState) => void) => void

/** Where a window event announces a vehicle loaded from stock (docs/requirements.md#submission: "emits a custom event"). */
export const VEHICLE_LOADED_EVENT = 'forecourt:vehicle-loaded'

/** IP lookup (docs/requirements.md#calls): the answer's `ip` becomes `form.remoteAddress`; a failure is only logged. */
export async function lookUpRemoteAddress(
  env: Pick<StartUpEnv, 'fetchJson' | 'ipLookupUrl'>,
  apply: ApplyChange,
): Promise<void> {
  const separator = env.ipLookupUrl.includes('?') ? '&' : '?'
  try {
    const answer = await env.fetchJson(`${env.ipLookupUrl}${separator}format=json`)
    const ip = isRecord(answer) && typeof answer.ip === 'string' ? answer.ip.trim() : ''
    if (!ip) throw new Error('IP lookup answer has no ip')
    apply((draft) => {
      draft.form.remoteAddress = ip
    })
  } catch (error) {
    console.warn('IP lookup failed:', messageOf(error))
  }
}

/**
 * Loads a vehicle from stock (docs/requirements.md#calls) into `form.vehicle` and announces it with a window event. A
 * failure leaves no vehicle and is logged to the console only (docs/requirements.md#error-catalogue).
 */
export async function loadVehicle(
  vehicleId: string,
  env: Pick<StartUpEnv, 'fetchJson' | 'vehiclesHost'>,
  apply: ApplyChange,
): Promise<void> {
  try {
    const answer = await env.fetchJson(
      `${env.vehiclesHost}/api/stock/${encodeURIComponent(vehicleId)}`,
    )
    const vehicle = vehicleFromStock(answer)
    const loadedId =
      isRecord(answer) && typeof answer.vehicleId === 'string' ? answer.vehicleId : vehicleId
    apply((draft) => {
      draft.vehicleId = loadedId
      draft.form.vehicle = vehicle
    })
    window.dispatchEvent(new CustomEvent(VEHICLE_LOADED_EVENT, { detail: { vehicleId: loadedId } }))
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error))
    console.error(`Vehicle load failed: ${failure.message}`, failure.stack)
  }
}

/** The calls start-up makes after the first render: the IP lookup, and the vehicle when one is asked for. */
export async function runStartUpFollowUps(
  env: StartUpEnv,
  state: ApplicationState,
  apply: ApplyChange,
): Promise<void> {
  const vehicleAsked = new URLSearchParams(env.location.search).has('vehicleid')
  const pending = [lookUpRemoteAddress(env, apply)]
  // A reload keeps a vehicle already loaded; a new ?vehicleid= or an unfinished load fetches it.
  if (state.vehicleId && (vehicleAsked || !state.form.vehicle.vrm)) {
    pending.push(loadVehicle(state.vehicleId, env, apply))
  }
  await Promise.all(pending)
}

/** Reads the stock API's answer; anything without a make and model is not a vehicle. */
export function vehicleFromStock(answer: unknown): Vehicle {
  if (!isRecord(answer)) throw new Error('Stock answer is not an object')
  // Read defensively (another stock host may answer otherwise), by the names the contract declares.
  const stock: Partial<Record<keyof StockAnswer, unknown>> = answer
  const text = (value: unknown) =>
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
  const amount = (value: unknown) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
    return typeof number === 'number' && Number.isFinite(number) ? number : null
  }
  const image = stock.primaryImage
  const vehicle: Vehicle = {
    ...emptyVehicle(),
    imageUrl: isRecord(image) ? text(image.url) : text(image),
    make: text(stock.make),
    model: text(stock.model),
    price: amount(stock.price),
    mileage: amount(stock.mileage),
    colour: text(stock.colour),
    vrm: text(stock.vrm),
    fuelType: text(stock.fuelType),
    transmission: text(stock.transmission),
    registrationYear: text(stock.registrationYear),
    vehicleType: isVehicleType(stock.vehicleType) ? stock.vehicleType : '',
  }
  if (!vehicle.make || !vehicle.model) throw new Error('Stock answer has no make or model')
  return vehicle
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

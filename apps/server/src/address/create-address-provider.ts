// Chooses the address source from the configuration: the commercial API when one is configured, the
// bundled demo dataset otherwise.

import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { AddressProvider } from './address-provider'
import { createEmbeddedAddressProvider } from './embedded-address-provider'
import { createIdealPostcodesProvider } from './ideal-postcodes-provider'

export function createAddressProvider(
  config: Pick<Config, 'addressApi' | 'nodeEnv'>,
  log: FastifyBaseLogger,
): AddressProvider {
  if (config.addressApi !== undefined) return createIdealPostcodesProvider(config.addressApi)
  if (config.nodeEnv === 'production') {
    // Allowed (a demonstration may run in production mode), but an operator should see it.
    log.warn(
      'address lookup is answering from the made-up demo dataset; set ADDRESS_PROVIDER=ideal-postcodes and ADDRESS_API_KEY for real addresses',
    )
  }
  return createEmbeddedAddressProvider()
}

// The postcode lookup behind the address steps (docs/requirements.md#address-lookup: a postcode address-lookup service).
// The postcode is checked with the same rule and message as the form, the provider is asked, and the
// results come back in the order people expect (2, 10, 10A, the flats at 10 after 10 itself). A postcode
// is personal data: it is never logged, and the request log already drops the query string.

import type { FastifyPluginAsync } from 'fastify'
import type { AddressAnswer, ApplicantReply } from '@forecourt/domain/contract/applicant'
import { isValidUkPostcode, normalisePostcode } from '@forecourt/domain/fields/postcode'
import { messageText } from '@forecourt/domain/messages/messages'
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import { AddressLookupUnavailableError, type AddressProvider } from '../../address/address-provider'
import { compareAddresses } from '../../address/natural-compare'
import type { ApplicantQuery } from '@forecourt/domain/contract/applicant-requests'
import { applicantQuery, applicantResponses } from './applicant-contract'

export interface AddressRoutesOptions {
  provider: AddressProvider
}

/** The answer as the contract declares it (decision 2166). */
export type AddressLookupAnswer = AddressAnswer

export const INVALID_POSTCODE = 'Invalid postcode'
export const LOOKUP_UNAVAILABLE = 'Address lookup unavailable'

const schema = {
  querystring: applicantQuery('GET /api/address'),
  response: applicantResponses('GET /api/address'),
}

export const addressRoutes: FastifyPluginAsync<AddressRoutesOptions> = async (app, options) => {
  const { provider } = options
  app.get<{
    Querystring: ApplicantQuery<'GET /api/address'>
    Reply: ApplicantReply<'GET /api/address'>
  }>(
    '/api/address',
    // A schema failure (a repeated ?postcode=) is answered with the form's message, not Fastify's.
    { schema, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return reply.code(400).send(invalid('postcode.invalid'))
      const { postcode = '' } = request.query
      if (postcode.trim() === '') return reply.code(400).send(invalid('postcode.required'))
      if (!isValidUkPostcode(postcode)) return reply.code(400).send(invalid('postcode.invalid'))

      const normalised = normalisePostcode(postcode)
      let addresses: AddressLookupItem[]
      try {
        addresses = await provider.lookup(normalised)
      } catch (error) {
        // Expected outages are a warning; anything else is a fault in our code. Either way the form offers
        // manual entry, so the answer is the same.
        if (error instanceof AddressLookupUnavailableError) {
          request.log.warn({ err: error, provider: provider.name }, 'address lookup unavailable')
        } else {
          request.log.error({ err: error, provider: provider.name }, 'address lookup failed')
        }
        return reply.code(503).send({ error: LOOKUP_UNAVAILABLE })
      }
      const answer: AddressLookupAnswer = {
        postcode: normalised,
        addresses: [...addresses].sort(compareAddresses),
      }
      return answer
    },
  )
}

function invalid(key: 'postcode.required' | 'postcode.invalid') {
  return { error: INVALID_POSTCODE, message: messageText(key) }
}

// Readiness: can this process serve applications now? It asks the database for the cheapest possible
// answer and gives up quickly, so a load balancer stops sending traffic during an outage and resumes when
// the database is back, without a restart. The check is the database availability's (decision 1432):
// after a failed write on SQLite it also asks whether the write lock can be taken, since another process
// holding it leaves reads working. A process whose every place in flight for applicants is taken (decision
// 1571) says so too, with 503 "saturated": it is refusing every new applicant's request anyway, so a load
// balancer may as well send them elsewhere; one that is only busy stays ready. Bodies still arriving never
// make it unready (decision 2121): slow senders would take one instance after another out of the balancer,
// and such a process still serves every request that has a place.

import { sql, type Kysely } from 'kysely'
import type { FastifyPluginAsync } from 'fastify'
import type { ApplicantReply } from '@forecourt/domain/contract/applicant'
import type { Tables } from '../../db/tables'
import {
  createDatabaseAvailability,
  DATABASE_RETRY_AFTER_SECONDS,
  type DatabaseAvailability,
} from '../../plugins/database-availability'
import type { LoadGauge } from '../../plugins/load-shedding'
import { applicantResponses } from './applicant-contract'

export type ReadyRoutesOptions =
  | { availability: DatabaseAvailability; load?: Pick<LoadGauge, 'saturated'> }
  /** A route of its own over `db` (`select 1`, given up after `timeoutMs`): tests of the route alone. */
  | { db: Kysely<Tables>; timeoutMs?: number }

const schema = { response: applicantResponses('GET /api/ready') }

export const readyRoutes: FastifyPluginAsync<ReadyRoutesOptions> = async (app, options) => {
  const availability =
    'availability' in options
      ? options.availability
      : createDatabaseAvailability({
          check: () => sql`select 1`.execute(options.db),
          log: app.log,
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        })
  if (!('availability' in options)) app.addHook('onClose', async () => availability.stop())
  const load = 'load' in options ? options.load : undefined
  app.get<{ Reply: ApplicantReply<'GET /api/ready'> }>(
    '/api/ready',
    { schema },
    async (_request, reply) => {
      if (load?.saturated() === true) {
        return reply
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .code(503)
          .send({ status: 'saturated' })
      }
      // The availability logs the change from ready to unavailable and back, not every probe.
      if (await availability.check()) return { status: 'ready' as const }
      return reply
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .code(503)
        .send({ status: 'unavailable' })
    },
  )
}

// The cluster scenario's section of docs/benchmarks.md.

import { FULL, INSTANCES, WORKER_LEASE_MS, WORKERS, type ClusterOutcome } from './cluster-outcome'
import { HEALTH_CHECK } from './load-balancer'

export function clusterReport(outcome: ClusterOutcome, header: string, quick: boolean): string {
  const number = (value: number) => value.toLocaleString('en-GB')
  const ms = (value: number | undefined) => (value === undefined ? 'never' : `${number(value)} ms`)
  const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**')
  const plural = (count: number, one: string, many = `${one}s`) =>
    `${number(count)} ${count === 1 ? one : many}`
  const kinds = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([, a], [, b]) => b - a)
      .map(([kind, count]) => `${number(count)} × ${kind}`)
      .join(', ')
  const settings = outcome.settings
  if (!outcome.measured) {
    return [header, '', `**Not measured:** ${outcome.skipped ?? 'the run was skipped'}.`].join('\n')
  }
  const statuses = Object.entries(outcome.statuses)
    .map(([status, count]) => `${number(count)} × ${status}`)
    .join(', ')
  const failures = Object.entries(outcome.failures)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${number(count)} ${kind}`)
    .join(', ')
  const served = Object.entries(outcome.servedBy)
    .sort()
    .map(([name, count]) => `${name} ${number(count)}`)
    .join(', ')
  const stored = outcome.stored
  const deliveries = outcome.deliveries
  const limit = outcome.rateLimit
  const rows = ['| what | figure | bar | result |', '|---|---|---|---|']
  rows.push(
    `| applicants through HAProxy | ${number(outcome.acknowledged)} of ${number(outcome.applicants)} acknowledged (201), ${outcome.gaveUp} gave up; ${number(outcome.retried)} needed more than one attempt, ${number(outcome.retriedReplayed)} of them answered as a replay | every one acknowledged | ${verdict(outcome.applicants > 0 && outcome.acknowledged === outcome.applicants && outcome.gaveUp === 0)} |`,
    `| acknowledged submissions stored | ${number(stored.submissions)} submission rows, ${number(stored.applications)} application rows, ${number(stored.deliveries)} outbox rows: ${stored.lost} lost, ${stored.doubled} stored twice, ${stored.damaged} damaged, ${stored.strangers} not sent or refused yet stored | every one once, intact | ${verdict(stored.lost + stored.doubled + stored.damaged + stored.strangers === 0 && outcome.acknowledged > 0)} |`,
  )
  for (const [index, round] of outcome.rounds.entries()) {
    const recovered =
      round.balancerDownMs !== undefined &&
      round.balancerUpMs !== undefined &&
      round.workerBackMs !== undefined &&
      (!settings.waitForLeases || round.workerHeld === 0 || round.heldDeliveredMs !== undefined)
    rows.push(
      `| round ${index + 1}: SIGKILL ${round.instance} and worker ${round.worker} | clients: ${round.clientFailures === 0 ? 'no failed attempt' : `${plural(round.clientFailures, 'failed attempt')} (${kinds(round.clientFailureKinds)}), the last ${ms(round.clientErrorsForMs)} after the kill, each sent again`}; ${round.alreadyDown ? `HAProxy had already marked ${round.instance} DOWN before the kill` : `HAProxy marked ${round.instance} DOWN after ${ms(round.balancerDownMs)}`}; restarted, ready after ${ms(round.instanceReadyMs)}, UP again after ${ms(round.balancerUpMs)}, first submission served after ${ms(round.firstServedMs)}; the worker held ${plural(round.workerHeld, 'delivery', 'deliveries')}, a new one claimed after ${ms(round.workerBackMs)}${round.workerHeld === 0 ? '' : `, the held ones made again after ${settings.waitForLeases ? ms(round.heldDeliveredMs) : 'its lease (not waited for)'}`} | recovered without help | ${verdict(recovered)} |`,
    )
  }
  const deliveriesOk =
    deliveries.rows > 0 &&
    deliveries.other === 0 &&
    deliveries.acceptedTwice === 0 &&
    deliveries.repeatsUnexplained === 0 &&
    deliveries.badSignatures === 0 &&
    deliveries.wrongBodies === 0 &&
    (settings.waitForLeases ? deliveries.delivered === deliveries.rows : true)
  rows.push(
    `| deliveries to two fake lenders | ${number(deliveries.delivered)} of ${number(deliveries.rows)} outbox rows delivered${deliveries.stillLeased === 0 ? '' : `, ${deliveries.stillLeased} still leased by the killed worker`}, ${ms(deliveries.allMadeAfterMs)} after the load; the lenders received ${number(deliveries.received)} requests and accepted ${number(deliveries.accepted)} keys, ${deliveries.acceptedTwice} twice; ${deliveries.repeats} repeats (answered as duplicates), ${deliveries.repeatsUnexplained} not from a killed worker's lease; ${deliveries.badSignatures} bad signatures, ${deliveries.wrongBodies} bodies other than acknowledged | every delivery made, accepted once | ${verdict(deliveriesOk)} |`,
    `| same key and body at two instances at once | ${number(outcome.samePairs.sent)} keys; ${outcome.samePairs.wrong} not answered 201 once fresh and once replayed | stored once, the same answer | ${verdict(outcome.samePairs.sent > 0 && outcome.samePairs.wrong === 0)} |`,
    `| same key, two bodies, at two instances at once | ${number(outcome.conflictPairs.sent)} keys; ${outcome.conflictPairs.wrong} not answered one 201 and one 409 | stored once, the other refused | ${verdict(outcome.conflictPairs.sent > 0 && outcome.conflictPairs.wrong === 0)} |`,
    `| one client, ${limit.sent} submissions through HAProxy | ${limit.accepted} accepted, ${limit.refused} refused (429 with Retry-After); by instance ${Object.entries(
      limit.byInstance,
    )
      .sort()
      .map(([name, tally]) => `${name} ${tally.accepted}/${tally.refused}`)
      .join(
        ', ',
      )} (accepted/refused); Redis counted ${limit.redisCount ?? 'nothing'}; ${limit.refusedStored} refused stored | exactly ${limit.budget} across the instances | ${verdict(limit.accepted === limit.budget && limit.refused === limit.sent - limit.budget && limit.redisCount === limit.sent && limit.refusedStored === 0)} |`,
  )
  const others = outcome.problems.length
  rows.push(`| everything else | ${others} problems | none | ${verdict(others === 0)} |`)
  const lease = WORKER_LEASE_MS / 1000
  return [
    header,
    '',
    ...rows,
    '',
    `- The run (${outcome.seconds} s): ${number(outcome.attempts)} attempts by ${number(outcome.applicants)} applicants (${statuses || 'no answer'}${failures === '' ? '' : `; without an answer: ${failures}`}); 201 answers by instance: ${served}; failed attempts before the first kill: ${kinds(outcome.failuresBeforeKills) || 'none'}; the load generator's worst lag ${number(Math.round(outcome.generatorLagMs))} ms.${others === 0 ? '' : ` **Problems:** ${outcome.problems.slice(0, 10).join('; ')}.`}`,
    `- How: ${INSTANCES} API instances (\`node --import tsx apps/server/src/server.ts\`, production mode, \`FORECOURT_DATA_KEY\` set, \`DELIVERY_WORKER=off\`, \`TRUST_PROXY=127.0.0.1\`, \`REDIS_URL\`, writes limited to ${limit.budget} per client and minute) and ${WORKERS} delivery workers (\`node --import tsx apps/server/src/worker.ts\`), each its own process, started together on one fresh PostgreSQL schema; HAProxy ${outcome.haproxyVersion} on 127.0.0.1 in front of the instances (round robin, \`option forwardfor\`, a probe of \`${HEALTH_CHECK.path}\` every ${HEALTH_CHECK.intervalMs} ms with ${HEALTH_CHECK.timeoutMs} ms to answer, DOWN after ${HEALTH_CHECK.fall} failures and UP after ${HEALTH_CHECK.rise} passes, a refused connection tried on another instance); two local fake lenders for the brand that verify every Standard Webhooks signature, accept each Idempotency-Key once, answer repeats 200 as duplicates, and take ${settings.lenderDelayMs} ms per answer.`,
    `- The load: ${number(settings.submissions)} applicants at ${settings.ratePerSecond} a second, open loop, then ${settings.tailRatePerSecond} a second until the last restarted instance serves again, each from a loopback address of its own (so HAProxy's X-Forwarded-For names a different client for each), each a valid and different submission under a new key, sent again like the browser on a 5xx, 429, 408 or a lost connection (100 ms, doubling to 2 s). ${settings.rounds === 1 ? 'Once' : `${settings.rounds} times`} during it one instance and one worker are killed with SIGKILL at the same moment and started again at once (the instance on its port), and the balancer's view of the instance is read from its stats socket.`,
    `- Afterwards: every instance answers through HAProxy; ${settings.samePairs} keys are sent with the same body straight to two instances at once (both must answer 201 with the expected answer, exactly one \`Idempotent-Replayed: true\`) and ${settings.conflictPairs} with two bodies (one 201, one 409 with the conflict message); one client address sends ${2 * limit.budget} submissions through HAProxy, ten at a time (exactly ${limit.budget} accepted across the instances, the rest 429 with Retry-After, nothing refused stored, and Redis's counter for that client must equal what was sent); then the run waits until every outbox row is delivered${settings.waitForLeases ? `, including those the killed worker held, which come back when its ${lease} s lease runs out` : ''}. Every stored row is read back from PostgreSQL (payload opened with the data key and compared with what was sent) and every request the lenders got is matched to its outbox row by Idempotency-Key and webhook id. Rate-limit counters are under the run's own client addresses and removed afterwards.`,
    `- A delivery is made at least once: a worker killed between sending and recording leaves its rows claimed until its lease (${lease} s) runs out; then another worker sends them again and the lender answers the repeat as a duplicate. A repeat of any other row would be a double claim and fails the run.`,
    quick
      ? `- A \`--quick\` run: ${number(settings.submissions)} applicants, ${settings.rounds} round; the full run sends ${number(FULL.submissions)} in ${FULL.rounds} rounds.`
      : '',
  ]
    .filter((line, index, lines) => !(line === '' && lines[index - 1] === ''))
    .join('\n')
}

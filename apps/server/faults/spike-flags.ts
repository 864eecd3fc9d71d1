// What a V8 flag costs and saves under the launch-day spike: the spike of spike.ts on SQLite with a longer
// capacity phase (40 s of 20 applicants back to back) and a short spike, the server as `npm start` starts it
// and then the same with the flags given, in interleaved pairs. Prints, for each run, the capacity, the
// server's CPU per journey over the capacity phase (every thread) and the peak resident memory: the CPU a
// memory saving costs, measured the same way as the memory bar (docs/benchmarks.md, "Where the server's
// memory goes under the spike"). A diagnosis, not a judged run.
// `node --import tsx apps/server/faults/spike-flags.ts [--pairs 3] -- <node flag>…`, after `npm run build`.

import { QUICK, spikeRun } from './spike'
import { productionFlags } from '../src/production-start'
import { isMainModule } from './support/run-alone'

const SETTINGS = { ...QUICK, capacitySeconds: 40, spikeSeconds: 8 }

interface PairRun {
  flags: string[]
  journeysPerMinute: number
  cpuMsPerJourney: number
  rssPeakMb: number
}

async function once(flags: string[]): Promise<PairRun> {
  const outcome = await spikeRun(
    {
      kind: 'sqlite',
      name: `SQLite${flags.length > 0 ? `, ${flags.join(' ')}` : ', as `npm start` starts it'}`,
      extraEnv: {},
      nodeFlags: [...productionFlags('server'), ...flags],
      judged: false,
    },
    SETTINGS,
  )
  return {
    flags,
    journeysPerMinute: outcome.capacity.journeysPerMinute,
    cpuMsPerJourney: outcome.capacity.cpuMsPerJourney,
    rssPeakMb: Math.max(...outcome.rssPeakMb),
  }
}

if (isMainModule(import.meta.url)) {
  const separator = process.argv.indexOf('--')
  const flags = separator === -1 ? [] : process.argv.slice(separator + 1)
  if (flags.length === 0) throw new Error('usage: spike-flags.ts [--pairs N] -- <node flag>…')
  const at = process.argv.indexOf('--pairs')
  const pairs = at === -1 || at > separator ? 3 : Number(process.argv[at + 1])
  const runs: PairRun[] = []
  for (let pair = 0; pair < pairs; pair += 1) {
    for (const given of [[], flags]) {
      const run = await once(given)
      runs.push(run)
      console.log(
        `| ${pair + 1} | ${given.length === 0 ? 'as `npm start`' : given.join(' ')} | ${Math.round(run.journeysPerMinute)} | ${run.cpuMsPerJourney.toFixed(2)} ms | ${run.rssPeakMb.toFixed(0)} MB |`,
      )
    }
  }
  const mean = (withFlags: boolean, pick: (run: PairRun) => number) => {
    const chosen = runs.filter((run) => run.flags.length > 0 === withFlags)
    return chosen.reduce((sum, run) => sum + pick(run), 0) / chosen.length
  }
  console.log(
    `mean CPU per journey ${mean(false, (r) => r.cpuMsPerJourney).toFixed(2)} ms as \`npm start\`, ${mean(true, (r) => r.cpuMsPerJourney).toFixed(2)} ms with ${flags.join(' ')}; peak resident ${mean(false, (r) => r.rssPeakMb).toFixed(0)} MB against ${mean(true, (r) => r.rssPeakMb).toFixed(0)} MB`,
  )
  process.exit(0)
}

// The delivery worker as its own process, started the way an operator starts `npm run worker` (the
// compiled worker, decision 1552; `npm run build` first): ready when it logs that it started, with the id it claims
// rows under (rows it holds name it in `locked_by`), stopped by a signal.

import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { REPOSITORY_ROOT } from '../../src/config'
import { compiledEntry, productionArgs } from '../../src/production-start'

export const WORKER_ENTRY = compiledEntry('worker')

export interface WorkerChild {
  pid: number | undefined
  /** The id in `deliveries.locked_by` of the rows this worker holds. */
  workerId: string
  exited: Promise<number | null>
  /** SIGKILL, then waits for the process to be gone. */
  kill(): Promise<void>
  /** SIGTERM (a clean stop: attempts in flight finish), then waits up to `graceMs` before SIGKILL. */
  stop(graceMs?: number): Promise<void>
  /** The last few KB of stderr. */
  stderr(): string
}

const children = new Set<ReturnType<typeof spawn>>()
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})

export async function startWorker(options: {
  env: Record<string, string>
  timeoutMs?: number
}): Promise<WorkerChild> {
  if (!existsSync(WORKER_ENTRY)) {
    throw new Error(`${WORKER_ENTRY} is missing: build the server first (npm run build)`)
  }
  const child = spawn(process.execPath, productionArgs('worker'), {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child)
      resolve(code)
    }),
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const started = new Promise<string>((resolve, reject) => {
    let pending = ''
    const onData = (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as { msg?: string; workerId?: string }
          if (entry.msg === 'delivery worker started' && entry.workerId !== undefined) {
            // The rest of the log is not needed: the pipe is drained without reading it.
            child.stdout?.off('data', onData)
            child.stdout?.resume()
            resolve(entry.workerId)
            return
          }
        } catch {
          // Not a log line.
        }
      }
    }
    child.stdout?.on('data', onData)
    void exited.then((code) =>
      reject(new Error(`the worker exited at start-up (${code}):\n${stderr}`)),
    )
  })
  const timeoutMs = options.timeoutMs ?? 60_000
  let timer: NodeJS.Timeout | undefined
  try {
    const workerId = await Promise.race([
      started,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the worker did not start within ${timeoutMs} ms:\n${stderr}`)),
          timeoutMs,
        )
      }),
    ])
    const gone = () => child.exitCode !== null || child.signalCode !== null
    return {
      pid: child.pid,
      workerId,
      exited,
      stderr: () => stderr,
      kill: async () => {
        if (!gone()) child.kill('SIGKILL')
        await exited
      },
      stop: async (graceMs = 20_000) => {
        if (gone()) return
        child.kill('SIGTERM')
        const backstop = setTimeout(() => child.kill('SIGKILL'), graceMs)
        await exited
        clearTimeout(backstop)
      },
    }
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  } finally {
    clearTimeout(timer)
  }
}

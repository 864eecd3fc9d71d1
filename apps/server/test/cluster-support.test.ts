// The cluster scenario's helpers on their own: the balancer's configuration (checked by HAProxy itself when
// it is installed), the reading of its stats, and the applicants' addresses.

import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { addressPlan } from '../faults/support/client-addresses'
import {
  findHaproxy,
  haproxyConfig,
  INSTANCE_HEADER,
  parseStats,
} from '../faults/support/load-balancer'

const BACKENDS = [
  { name: 'api-1', port: 3401 },
  { name: 'api-2', port: 3402 },
]

test('the configuration listens on loopback, probes readiness, forwards the client and names the instance', () => {
  const config = haproxyConfig({ port: 3400, backends: BACKENDS, statsSocket: '/tmp/x/stats.sock' })
  const lines = config.split('\n').map((line) => line.trim())
  expect(lines).toContain('bind 127.0.0.1:3400')
  expect(lines).toContain('option forwardfor')
  expect(lines).toContain('http-check send meth GET uri /api/ready')
  expect(lines).toContain('http-check expect status 200')
  expect(lines).toContain(`http-response set-header ${INSTANCE_HEADER} %[srv_name]`)
  expect(lines).toContain('server api-1 127.0.0.1:3401 check')
  expect(lines).toContain('server api-2 127.0.0.1:3402 check')
  // With no instance ready, the balancer's own 503 carries Retry-After, as an instance's does.
  expect(lines).toContain(
    'http-error status 503 content-type application/json hdr retry-after 2 string "{\\"error\\":\\"Service unavailable\\"}"',
  )
  // Only connections that failed before anything was sent are tried again elsewhere.
  expect(lines.filter((line) => line.startsWith('retry-on'))).toEqual([])
})

const haproxy = findHaproxy()
if (haproxy === undefined) {
  console.warn('⚠ HAProxy is not installed: its check of the configuration is SKIPPED')
}

test.skipIf(haproxy === undefined)('HAProxy accepts the configuration (haproxy -c)', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'forecourt-haproxy-test-'))
  try {
    const file = join(folder, 'haproxy.cfg')
    await writeFile(
      file,
      haproxyConfig({ port: 3400, backends: BACKENDS, statsSocket: join(folder, 'stats.sock') }),
    )
    const check = spawnSync(haproxy ?? 'haproxy', ['-c', '-f', file], { encoding: 'utf8' })
    expect(check.stderr).not.toMatch(/ALERT|WARNING/)
    expect(check.status).toBe(0)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test('the stats give each instance of the backend with its state, transitions included', () => {
  const csv = [
    '# pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,status,weight',
    'api,FRONTEND,,,0,3,4096,10,0,0,0,0,0,,,,,OPEN,',
    'instances,api-1,0,0,0,1,,5,0,0,,0,,0,0,0,0,UP,1',
    'instances,api-2,0,0,0,1,,5,0,0,,0,,0,0,0,0,DOWN 1/2,1',
    'instances,api-3,0,0,0,1,,5,0,0,,0,,0,0,0,0,DOWN,1',
    'instances,BACKEND,0,0,0,1,,15,0,0,0,0,,0,0,0,0,UP,2',
    '',
  ].join('\n')
  expect(parseStats(csv)).toEqual([
    { name: 'api-1', status: 'UP' },
    { name: 'api-2', status: 'DOWN 1/2' },
    { name: 'api-3', status: 'DOWN' },
  ])
  expect(parseStats('')).toEqual([])
})

test('every applicant, pair and probe has an address of its own under the run’s octet, never 127.0.0.1', () => {
  const plan = addressPlan(173)
  const applicants = Array.from({ length: 254 * 254 }, (_, index) => plan.applicant(index))
  const pairs = Array.from({ length: 254 }, (_, index) => plan.pair(index))
  const all = [...applicants, ...pairs, plan.probe, plan.direct]
  expect(new Set(all).size).toBe(all.length)
  const wrong = all.filter((address) => {
    const parts = address.split('.').map(Number)
    return (
      !/^127\.173\.\d{1,3}\.\d{1,3}$/.test(address) ||
      parts.some((part) => part > 255) ||
      parts[3] === 0
    )
  })
  expect(wrong).toEqual([])
  // A run draws its own octet, kept away from 127.0.x.x.
  for (let i = 0; i < 50; i += 1) {
    const octet = addressPlan().octet
    expect(octet).toBeGreaterThanOrEqual(64)
    expect(octet).toBeLessThanOrEqual(253)
  }
})

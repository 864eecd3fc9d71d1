// Where a thread's CPU goes, from a `--cpu-prof` profile: by frame (self time), and by part of the code,
// for which each sample is charged to
// the innermost frame that is the server's own code (a module of the compiled bundle, named by the
// `// src/...` comment esbuild writes before each one) or a library (its package under node_modules).
// Node's own code (crypto, streams, the HTTP parser) is charged to the caller that asked for it, so an
// HMAC counts where the search index makes it. What no such frame called stays apart: V8's own work
// (the garbage collector, "(program)") and Node's event loop.

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

export interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** The module of each line of a bundle: the `// path` comments esbuild writes before each module. */
export function bundleModules(source: string): (line: number) => string {
  const starts: { line: number; module: string }[] = []
  source.split('\n').forEach((text, line) => {
    const match = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(text)
    if (match !== null) starts.push({ line, module: match[1]!.replace(/^(\.\.\/)+/, '') })
  })
  return (line) => {
    // The last module that starts at or before the line (0-based, as the profile counts them).
    let low = 0
    let high = starts.length - 1
    let found = '(bundle)'
    while (low <= high) {
      const middle = (low + high) >> 1
      if (starts[middle]!.line <= line) {
        found = starts[middle]!.module
        low = middle + 1
      } else high = middle - 1
    }
    return found
  }
}

/** The part of the code a frame belongs to, or undefined for Node's own code and V8's. */
export function frameModule(
  frame: ProfileNode['callFrame'],
  bundles: Map<string, (line: number) => string>,
): string | undefined {
  const { url, lineNumber } = frame
  if (url === '' || url.startsWith('node:')) return undefined
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]
  if (packageName !== undefined) return packageName
  if (!bundles.has(url)) {
    let lookup: (line: number) => string = () => url.split('/').pop() ?? url
    if (url.startsWith('file://') && /\/dist\/[^/]+\.js$/.test(url)) {
      try {
        lookup = bundleModules(readFileSync(fileURLToPath(url), 'utf8'))
      } catch {
        // A bundle no longer on disk: its file name stands for all of it.
      }
    }
    bundles.set(url, lookup)
  }
  return bundles.get(url)!(lineNumber)
}

/** Shares of the thread's busy (not idle) time by part of the code, largest first. */
export function moduleShares(
  profile: CpuProfile,
  count = 15,
  bundles = new Map<string, (line: number) => string>(),
): { module: string; share: number }[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id)
  const charged = new Map<number, string>()
  const chargeOf = (id: number): string => {
    const known = charged.get(id)
    if (known !== undefined) return known
    const node = nodes.get(id)!
    const { functionName } = node.callFrame
    let answer = frameModule(node.callFrame, bundles)
    if (answer === undefined) {
      const parent = parentOf.get(id)
      const callerCharge = parent === undefined ? undefined : chargeOf(parent)
      answer =
        callerCharge !== undefined && callerCharge !== '(root)'
          ? callerCharge
          : functionName.startsWith('(')
            ? functionName
            : 'Node (no caller of ours)'
    }
    if (functionName === '(root)') answer = '(root)'
    charged.set(id, answer)
    return answer
  }
  return busyShares(profile, chargeOf, count).map(([module, share]) => ({ module, share }))
}

/** The frames with the most self time, as shares of the thread's busy (not idle) samples. */
export function topFrames(profile: CpuProfile, count = 10): { frame: string; share: number }[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const frameOf = (id: number) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame
    const file = url.split('/').pop() ?? ''
    return `${functionName || '(anonymous)'}${file === '' ? '' : ` ${file}:${lineNumber + 1}`}`
  }
  return busyShares(profile, frameOf, count).map(([frame, share]) => ({ frame, share }))
}

/**
 * The `count` largest labels of a thread's busy time, each sample's time given to the label of its
 * node, as shares of all that is not idle.
 */
function busyShares(
  profile: CpuProfile,
  labelOf: (id: number) => string,
  count: number,
): [string, number][] {
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  )
  const time = new Map<string, number>()
  let busy = 0
  profile.samples.forEach((id, index) => {
    if (idle.has(id)) return
    const spent = profile.timeDeltas[index] ?? 0
    const label = labelOf(id)
    time.set(label, (time.get(label) ?? 0) + spent)
    busy += spent
  })
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([label, spent]) => [label, spent / busy])
}

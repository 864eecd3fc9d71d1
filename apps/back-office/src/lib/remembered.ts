// What a screen keeps while the operator is elsewhere in the app (the list's search and filters
// while they open an application), in memory only, and forgotten when the session ends.

const memory = new Map<string, unknown>()

export function remember(key: string, value: unknown): void {
  memory.set(key, value)
}

export function recall<T>(key: string): T | undefined {
  return memory.get(key) as T | undefined
}

export function forgetAll(): void {
  memory.clear()
}

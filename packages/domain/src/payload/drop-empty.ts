// docs/requirements.md#normalisation-before-sending, applied at every depth of a payload.

/**
 * What a payload object may hold before empty fields are dropped: every field must be given (so a
 * mapper cannot forget one), and any of them may be null or ''.
 */
export type DroppableObject<T> = { [K in keyof T]-?: Droppable<T[K]> }

export type Droppable<T> = T extends readonly (infer Item)[]
  ? Droppable<Item>[] | null
  : T extends object
    ? DroppableObject<T> | null
    : T | null | ''

/**
 * A copy without '', null, undefined and numbers that are not finite (JSON would send those as
 * null), then without the objects and lists that this leaves empty (undefined when nothing is
 * left). `false` and `0` stay: they are answers ("not a joint application", "no deposit").
 */
export function dropEmpty<T>(value: T): T | undefined {
  return prune(value) as T | undefined
}

function prune(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (Array.isArray(value)) {
    const items = value.map(prune).filter((item) => item !== undefined)
    return items.length === 0 ? undefined : items
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, prune(item)] as const)
      .filter(([, item]) => item !== undefined)
    return entries.length === 0 ? undefined : Object.fromEntries(entries)
  }
  return value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

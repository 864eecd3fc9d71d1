import { STATE_VERSION, createInitialState, type ApplicationState } from './application-state'

/**
 * Reads a stored state. Only a state written by this exact version is trusted (docs/requirements.md#persistence):
 * anything else (missing, unparsable, another version) gives null and the caller starts afresh.
 * Fields missing from an older save of the same version are filled with their defaults.
 */
export function restoreState(stored: string | null): ApplicationState | null {
  if (!stored) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return null
  }
  if (!isRecord(parsed) || parsed.version !== STATE_VERSION) return null
  const initial = createInitialState()
  const form = isRecord(parsed.form) ? parsed.form : {}
  // The joint applicant's own fields too: a save from before their address was asked has none.
  const joint = isRecord(form.joint) ? form.joint : {}
  return {
    ...initial,
    ...parsed,
    version: STATE_VERSION,
    form: { ...initial.form, ...form, joint: { ...initial.form.joint, ...joint } },
  } as ApplicationState
}

export function serialiseState(state: ApplicationState): string {
  return JSON.stringify(state)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

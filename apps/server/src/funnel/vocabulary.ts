// Where an applicant came from, folded into a short, fixed vocabulary before it is counted (decision 2112).
// The page sends its utm_source and utm_campaign; anything outside the known lists becomes 'other', and none
// at all '(none)', so a counter can never hold a value somebody typed into an address, however it is crafted.

export const NO_SOURCE = '(none)'
export const OTHER_SOURCE = 'other'

/** The sources every broker's campaigns use; FUNNEL_SOURCES adds a deployment's own. */
export const DEFAULT_SOURCES = [
  'google',
  'bing',
  'facebook',
  'instagram',
  'tiktok',
  'youtube',
  'linkedin',
  'twitter',
  'email',
  'sms',
  'tv',
  'radio',
  'affiliate',
  'comparison',
  'partner',
  'direct',
] as const

const TOKEN = /^[a-z0-9][a-z0-9._-]{0,39}$/

/** Lower case, trimmed, spaces as hyphens: 'Google ' and 'google' are one source. */
export function normaliseLabel(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, '-')
}

export interface FunnelVocabulary {
  sources: ReadonlySet<string>
  campaigns: ReadonlySet<string>
}

/**
 * The vocabulary from FUNNEL_SOURCES and FUNNEL_CAMPAIGNS (comma lists of labels: letters, digits, '.', '_'
 * and '-', up to 40 characters). A malformed label is a configuration problem, reported at start-up.
 */
export function parseFunnelVocabulary(
  read: (name: string) => string | undefined,
  problems: string[],
): FunnelVocabulary {
  const list = (name: string): string[] => {
    const value = read(name)
    if (value === undefined || value === '') return []
    const labels = value
      .split(',')
      .map(normaliseLabel)
      .filter((label) => label !== '')
    const bad = labels.filter((label) => !TOKEN.test(label))
    if (bad.length > 0) {
      problems.push(
        `${name}: labels are letters, digits, '.', '_' and '-', up to 40 characters (not ${bad.join(', ')})`,
      )
    }
    return labels.filter((label) => TOKEN.test(label))
  }
  return {
    sources: new Set([...DEFAULT_SOURCES, ...list('FUNNEL_SOURCES')]),
    campaigns: new Set(list('FUNNEL_CAMPAIGNS')),
  }
}

/** A value as counted: a known label, 'other', or '(none)'. */
export function foldLabel(value: unknown, known: ReadonlySet<string>): string {
  if (typeof value !== 'string' || value.trim() === '') return NO_SOURCE
  const label = normaliseLabel(value)
  return known.has(label) ? label : OTHER_SOURCE
}

// First letters of first and last names are upper-cased when stored (docs/requirements.md#application-state) and names are trimmed
// before sending (docs/requirements.md#validation). Only first letters are ever changed: what the applicant typed in capitals or
// in lower case elsewhere is theirs (docs/decisions/0108-name-capitalisation.md).

const APOSTROPHES = "'’"

/**
 * Upper-cases the first letter of a part. A letter whose capital is more than one character (such
 * as 'ß' → 'SS') is kept as typed, so the name never grows and normalising stays idempotent.
 */
function capitaliseFirst(part: string): string {
  const first = part.codePointAt(0)
  if (first === undefined) return part
  const letter = String.fromCodePoint(first)
  const capital = letter.toUpperCase()
  const kept = [...capital].length === 1 ? capital : letter
  return kept + part.slice(letter.length)
}

/** "o'neill" → "O'Neill", "d'arcy" → "D'Arcy": a one-letter prefix and an apostrophe start a new part. */
function capitaliseAfterPrefix(part: string): string {
  const [prefix = '', mark = ''] = [...part]
  if (/^\p{L}$/u.test(prefix) && APOSTROPHES.includes(mark) && mark !== '') {
    const head = prefix + mark
    return head + capitaliseFirst(part.slice(head.length))
  }
  return part
}

/**
 * Trims, turns runs of spaces into one, and upper-cases the first letter of each word and of each
 * part of a hyphenated word ("mary-jane smith" → "Mary-Jane Smith").
 */
export function normaliseName(value: string): string {
  return value
    .normalize('NFC')
    .trim()
    .split(/\s+/)
    .map((word) =>
      word
        .split('-')
        .map((part) => capitaliseAfterPrefix(capitaliseFirst(part)))
        .join('-'),
    )
    .join(' ')
}

// The words of the employer questions, which follow the employment status: a self-employed
// applicant is asked about their business, a member of the armed forces about their service, an
// agency worker about their agency (docs/decisions/1541-employer-questions-follow-the-status.md).
// The heading is also the page title, so the journey table, the route's title and the screen all
// take it from employer-title.ts. Kept apart from the option lists.

import {
  employerKind,
  employerTitle,
  type EmployerKind,
  type EmployerPerson,
} from './employer-title'

export type { EmployerPerson } from './employer-title'

export interface EmployerFieldWording {
  label: string
  hint: string
  /** The label inside a message: 'Please enter your {label}.' */
  messageLabel: string
}

export interface EmployerWording {
  /** The screen's heading and page title (the joint applicant's: the heading of its section). */
  title: string
  occupation: EmployerFieldWording
  employerName: EmployerFieldWording
  employerTown: EmployerFieldWording
}

interface Words {
  /** 'your' or 'their'. */
  whose: string
  /** 'you' or 'they'. */
  who: string
  /** Past tense for an earlier entry of the history. */
  past: boolean
}

const FIELDS: Record<
  EmployerKind,
  (w: Words) => [occupation: [string, string], name: [string, string], town: [string, string]]
> = {
  employer: ({ whose, who, past }) => [
    ['occupation', `${cap(whose)} job title, for example nurse or electrician.`],
    ['employer name', `The company or organisation ${who} ${past ? 'worked' : 'work'} for.`],
    ['employer town', `The town or city where ${who} ${past ? 'worked' : 'work'}.`],
  ],
  business: ({ whose, who, past }) => [
    ['occupation', `What ${who} ${past ? 'did' : 'do'}, for example plumber or accountant.`],
    ['business name', `The name ${whose} business ${past ? 'traded' : 'trades'} under.`],
    ['business town', `The town or city ${whose} business ${past ? 'was' : 'is'} based in.`],
  ],
  agency: ({ who, past }) => [
    ['occupation', `The work ${who} ${past ? 'did' : 'do'}, for example warehouse operative.`],
    [
      'agency name',
      `The employment agency that ${past ? 'paid' : 'pays'} ${who === 'you' ? 'you' : 'them'}.`,
    ],
    ['agency town', 'The town or city the agency is based in.'],
  ],
  service: ({ who, past }) => [
    ['rank or role', 'For example, corporal or aircraft technician.'],
    ['service', 'For example, British Army, Royal Navy or Royal Air Force.'],
    ['base or town', `Where ${who} ${past ? 'were' : 'are'} based, for example Catterick.`],
  ],
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The wording for employment entry `n` (from 1; later entries are earlier jobs) of the main
 * applicant, or for the joint applicant's one employment.
 */
export function employerWording(
  status: string,
  n = 1,
  person: EmployerPerson = 'main',
): EmployerWording {
  const kind = employerKind(status)
  const joint = person === 'joint'
  const words: Words = { whose: joint ? 'their' : 'your', who: joint ? 'they' : 'you', past: n > 1 }
  const [occupation, name, town] = FIELDS[kind](words).map(([messageLabel, hint]) => ({
    label: joint ? `Their ${messageLabel}` : cap(messageLabel),
    hint,
    messageLabel,
  })) as [EmployerFieldWording, EmployerFieldWording, EmployerFieldWording]
  return {
    title: employerTitle(status, n, person),
    occupation,
    employerName: name,
    employerTown: town,
  }
}

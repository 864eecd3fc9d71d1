// Every validation message of the specification (docs/requirements.md#messages), verbatim, by key. No message text is written
// anywhere else: controls, step schemas, the server and analytics all refer to these keys.
// The joint applicant's details are typed by the main applicant, so the joint variants speak of
// "their" and "they" (docs/decisions/0101-joint-applicant-wording.md). The few texts that the
// specification does not give are marked and recorded in docs/decisions/0102-messages-not-in-the-specification.md.

export type Person = 'main' | 'joint'

export interface MessageParams {
  label?: string
  min?: number | string
  max?: number | string
}

interface MessageTemplate {
  main: string
  /** Omitted when the text does not address the applicant. */
  joint?: string
}

const MESSAGES = {
  'text.required': { main: 'Please enter your {label}.', joint: 'Please enter their {label}.' },
  /** Not in the specification (0102): the input's maxLength normally prevents it. */
  'text.tooLong': {
    main: 'Your {label} must be {max} characters or fewer.',
    joint: 'Their {label} must be {max} characters or fewer.',
  },
  /** Not in the specification (decision 1803): a control or bidirectional character in an answer. */
  'text.characters': {
    main: 'Please try again. Your {label} contains characters we cannot accept.',
    joint: 'Please try again. Their {label} contains characters we cannot accept.',
  },
  'title.required': { main: 'Please enter your title.', joint: 'Please enter their title.' },
  'number.required': { main: 'Please enter your {label}.', joint: 'Please enter their {label}.' },
  'number.range': { main: 'Must be between {min} and {max}.' },
  'slider.required': { main: 'Please enter your {label}.', joint: 'Please enter their {label}.' },
  'slider.range': { main: 'Must be between {min} and {max}.' },
  'email.required': { main: 'Please enter your {label}.', joint: 'Please enter their {label}.' },
  'email.invalid': { main: 'Please try again. That email address doesn’t look right.' },
  /** Not in the specification (decision 2116): the joint applicant's links must reach them, not the applicant. */
  'email.jointSameAsApplicant': {
    main: 'Enter the joint applicant’s own email address. It must be different from yours, so their confirmation reaches them.',
  },
  /** Not in the specification (decision 2113): the applicant's page asks which offer to go ahead with. */
  'offerChoice.required': { main: 'Choose the offer you would like to go ahead with.' },
  'phone.countryCode': {
    main: 'Please enter your phone number without the country code.',
    joint: 'Please enter their phone number without the country code.',
  },
  'phone.digits': { main: 'Please try again, UK phone numbers should contain 11 digits.' },
  'phone.startWithZero': {
    main: 'Please try again, your phone number should start with a 0.',
    joint: 'Please try again, their phone number should start with a 0.',
  },
  // The capital "Your" is the specification's own wording, kept verbatim.
  'phone.invalid': {
    main: 'Please try again, Your phone number looks invalid.',
    joint: 'Please try again, Their phone number looks invalid.',
  },
  'phone.required': {
    main: 'Please enter your phone number.',
    joint: 'Please enter their phone number.',
  },
  'phone.wrong': { main: 'Please try again. That phone number doesn’t look right.' },
  'checkbox.required': { main: 'Please check this box.' },
  'yearsMonths.required': { main: 'Please answer this question.' },
  'addressDropdown.required': {
    main: 'Please choose your {label}.',
    joint: 'Please choose their {label}.',
  },
  'dropdown.required': {
    main: 'Please choose your {label}.',
    joint: 'Please choose their {label}.',
  },
  'radio.required': { main: 'Please choose an option to continue.' },
  'dob.day.required': { main: 'What day were you born?', joint: 'What day were they born?' },
  'dob.day.range': { main: 'Please enter a day between 1 and 31.' },
  'dob.month.required': {
    main: 'Which month were you born?',
    joint: 'Which month were they born?',
  },
  'dob.month.range': { main: 'Please enter a month between 1 and 12.' },
  'dob.year.required': { main: 'Which year were you born?', joint: 'Which year were they born?' },
  'dob.year.format': {
    main: "Please enter your year of birth using the format 'YYYY'.",
    joint: "Please enter their year of birth using the format 'YYYY'.",
  },
  // "you have entered" is the person at the keyboard in both cases; only the birth changes owner.
  'dob.year.future': {
    main: 'Please check you have entered your year of birth correctly.',
    joint: 'Please check you have entered their year of birth correctly.',
  },
  'dob.invalid': { main: 'Please enter a valid date.' },
  'dob.tooYoung': {
    main: 'You must be at least 18 years old to apply for finance with us.',
    joint: 'They must be at least 18 years old to apply for finance with us.',
  },
  'dob.tooOld': {
    main: 'You must be under 80 years old to apply for finance with us.',
    joint: 'They must be under 80 years old to apply for finance with us.',
  },
  'dob.required': {
    main: 'Please enter your date of birth.',
    joint: 'Please enter their date of birth.',
  },
  /** The text-required rule with the label 'postcode'. */
  'postcode.required': {
    main: 'Please enter your postcode.',
    joint: 'Please enter their postcode.',
  },
  /** Not in the specification (0102). */
  'postcode.invalid': { main: 'Please enter a valid UK postcode.' },
} as const satisfies Record<string, MessageTemplate>

export type MessageKey = keyof typeof MESSAGES

export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[]

export interface FieldError {
  key: MessageKey
  text: string
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value)
}

/** Thousands separated the en-GB way ('50,000'), so long limits read easily (0103). */
export function formatLimit(value: number | string): string {
  if (typeof value === 'string') return value
  if (!Number.isFinite(value)) return String(value)
  const [whole = '', fraction] = String(Math.abs(value)).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`
}

/**
 * The text of a message. A placeholder whose parameter is missing is left in the text on purpose,
 * so that a forgotten label shows up in a test rather than as a quietly wrong sentence.
 */
export function messageText(
  key: MessageKey,
  params: MessageParams = {},
  person: Person = 'main',
): string {
  const template: MessageTemplate = MESSAGES[key]
  const text = person === 'joint' && template.joint !== undefined ? template.joint : template.main
  return text.replace(/\{(label|min|max)\}/g, (placeholder, name: keyof MessageParams) => {
    const value = params[name]
    if (value === undefined) return placeholder
    return name === 'label' ? String(value) : formatLimit(value)
  })
}

export function fieldError(key: MessageKey, params?: MessageParams, person?: Person): FieldError {
  return { key, text: messageText(key, params, person) }
}

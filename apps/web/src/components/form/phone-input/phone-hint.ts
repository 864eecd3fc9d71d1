// The hint under every phone number input. It describes the format instead of giving an example
// number: any real number belongs to someone, and Ofcom's numbers for drama are refused by the
// phone rule, so an example the applicant copied would be turned down.
export const PHONE_HINT = 'A UK mobile or landline number: 11 digits, starting with 0.'

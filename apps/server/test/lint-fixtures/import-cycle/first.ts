// Half of an import circle, on purpose: the lint's own test (scripts/lint/import-rules.test.mjs) proves
// that ESLint refuses it. ESLint's ordinary runs ignore this folder.
import { second } from './second'

export const first = (): string => `first, then ${second()}`

// Whether the PostgreSQL runner can run, for scripts/test-all.mjs: exit 0 when TEST_DATABASE_URL answers;
// exit 3 and a loud warning when it is unset or does not answer, which the full run counts as skipped
// (decision 1931), as it counts the dependency audit that could not be asked.
import { postgresProblem, skipWarning } from './postgres'

const problem = await postgresProblem()
if (problem !== undefined) {
  console.error(skipWarning(problem))
  process.exit(3)
}

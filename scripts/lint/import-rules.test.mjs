// The lint's import rules catch what they are there to catch (docs/decisions/1861-one-write-path.md): an
// import circle, the storage layer importing up into the repositories, a route imported below app.ts, the
// domain importing an app, and a run-time import in the row builders. Each case is linted with the
// repository's own eslint.config.js, so a rule switched off or a zone written wrongly fails here.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CYCLE = join(ROOT, 'apps/server/test/lint-fixtures/import-cycle')
// The fixtures are ignored by ordinary runs; this one lints them on purpose.
const eslint = new ESLint({ cwd: ROOT, ignore: false })

/** The rule ids and messages ESLint reports for `code` as if it were the file at `path`. */
async function problems(path, code) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) })
  return result.messages.map((message) => ({ rule: message.ruleId, message: message.message }))
}

test('an import circle fails the lint, at both of its ends', { timeout: 60_000 }, async () => {
  const results = await eslint.lintFiles([join(CYCLE, 'first.ts'), join(CYCLE, 'second.ts')])
  expect(
    results.map((result) => ({
      file: result.filePath.slice(CYCLE.length + 1),
      rules: result.messages.map((message) => message.ruleId),
    })),
  ).toEqual([
    { file: 'first.ts', rules: ['import-x/no-cycle'] },
    { file: 'second.ts', rules: ['import-x/no-cycle'] },
  ])
  expect(results[0].messages[0].message).toBe('Dependency cycle detected')
})

test('the circle check covers the server, both front ends, the domain and the UI kit', async () => {
  for (const path of [
    'apps/server/src/app.ts',
    'apps/server/test/submission.test.ts',
    'apps/web/src/main.tsx',
    'apps/back-office/src/app/AppRouter.tsx',
    'packages/domain/src/journey/steps.ts',
    'packages/ui/src/error-summary/error-summary.tsx',
  ]) {
    const config = await eslint.calculateConfigForFile(join(ROOT, path))
    expect([path, config.rules['import-x/no-cycle']?.[0]]).toEqual([path, 2])
  }
})

test(
  'a circle through an alias and a lazily loaded screen is found too',
  { timeout: 60_000 },
  async () => {
    // The back office's router loads the sign-in screen with import(); the screen importing the router
    // back closes a circle.
    expect(
      await problems(
        'apps/back-office/src/screens/sign-in/SignInScreen.tsx',
        "import '#app/AppRouter'\nexport const signIn = 1\n",
      ),
    ).toEqual([{ rule: 'import-x/no-cycle', message: 'Dependency cycle detected' }])
    // The web app's lowest layer importing its route table: a circle through the screens it loads.
    const web = await problems(
      'apps/web/src/lib/api.ts',
      "import '#app/routes'\nexport const api = 1\n",
    )
    expect(web.map((problem) => problem.rule).sort()).toEqual([
      'import-x/no-cycle',
      'import-x/no-restricted-paths',
    ])
  },
)

test('the storage layer never imports up into the repositories', { timeout: 30_000 }, async () => {
  expect(
    await problems(
      'apps/server/src/db/probe.ts',
      "import { payloadAad } from '../repositories/rows'\nexport const aad = payloadAad('key')\n",
    ),
  ).toEqual([
    {
      rule: 'import-x/no-restricted-paths',
      message:
        'Unexpected path "../repositories/rows" imported in restricted zone. db/ is the bottom of the server: it imports no other part of it.',
    },
  ])
})

test('only app.ts imports a route', { timeout: 30_000 }, async () => {
  const code =
    "import { submissionRoutes } from '../routes/api/submission'\nexport const routes = [submissionRoutes]\n"
  expect(await problems('apps/server/src/repositories/probe.ts', code)).toEqual([
    {
      rule: 'import-x/no-restricted-paths',
      message:
        'Unexpected path "../routes/api/submission" imported in restricted zone. Only app.ts registers routes: move what others need out of routes/.',
    },
  ])
  expect(
    await problems(
      'apps/server/src/logging.ts',
      "import { submissionRoutes } from './routes/api/submission'\nexport const routes = [submissionRoutes]\n",
    ),
  ).toEqual([
    {
      rule: 'import-x/no-restricted-paths',
      message:
        'Unexpected path "./routes/api/submission" imported in restricted zone. Only app.ts registers routes: move what others need out of routes/.',
    },
  ])
})

test('the domain imports nothing from the apps', { timeout: 30_000 }, async () => {
  expect(
    await problems(
      'packages/domain/src/probe.ts',
      "import { VEHICLE_TYPES } from '../../../apps/server/src/db/tables'\nexport const types = VEHICLE_TYPES\n",
    ),
  ).toEqual([
    {
      rule: 'import-x/no-restricted-paths',
      message:
        'Unexpected path "../../../apps/server/src/db/tables" imported in restricted zone. The domain imports nothing from the apps.',
    },
  ])
})

test('the UI kit imports nothing from the apps', { timeout: 30_000 }, async () => {
  expect(
    await problems(
      'packages/ui/src/probe.tsx',
      "import { API } from '../../../apps/back-office/src/lib/api'\nexport const probe = API\n",
    ),
  ).toEqual([
    {
      rule: 'import-x/no-restricted-paths',
      message:
        'Unexpected path "../../../apps/back-office/src/lib/api" imported in restricted zone. The UI kit imports nothing from the apps.',
    },
  ])
})

test("the UI kit's example checks stay out of both apps' code", { timeout: 30_000 }, async () => {
  const code =
    "import { exampleNamed } from '@forecourt/ui/test-support/example-checks'\nexport const probe = exampleNamed\n"
  for (const path of ['apps/back-office/src/lib/probe.ts', 'apps/web/src/lib/probe.ts']) {
    expect(await problems(path, code)).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message:
          'Unexpected path "@forecourt/ui/test-support/example-checks" imported in restricted zone. test-support/ is for tests only.',
      },
    ])
  }
})

test('the row builders import types only', { timeout: 30_000 }, async () => {
  const path = 'apps/server/src/repositories/rows.ts'
  expect(
    await problems(
      path,
      "import type { NewDeliveryRow } from '../db/tables'\nexport const none: NewDeliveryRow[] = []\n",
    ),
  ).toEqual([])
  expect(
    await problems(
      path,
      "import { createHash } from 'node:crypto'\nexport const hash = createHash('sha256')\n",
    ),
  ).toEqual([
    {
      rule: '@typescript-eslint/no-restricted-imports',
      message:
        "'node:crypto' import is restricted from being used by a pattern. rows.ts imports types only.",
    },
  ])
})

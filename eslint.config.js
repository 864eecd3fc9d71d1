import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import checkFile from 'eslint-plugin-check-file'
import globals from 'globals'

const ROOT = fileURLToPath(new URL('.', import.meta.url))
const WEB_SRC = './apps/web/src'

/**
 * The web app's layers, lowest first (docs/decisions/1702-web-layers-and-file-names.md): each folder may import
 * those below it, never those above. The page's start-up (main.tsx) and the pre-render sit on top.
 */
const WEB_LAYERS = [
  'lib',
  'brand',
  'components',
  'content',
  'journey',
  'screens',
  'app',
  'prerender',
]

const webScreens = readdirSync(new URL('apps/web/src/screens', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const webZones = [
  ...WEB_LAYERS.flatMap((layer, index) =>
    WEB_LAYERS.slice(index + 1).map((above) => ({
      target: `${WEB_SRC}/${layer}`,
      from: `${WEB_SRC}/${above}`,
      message: `${layer}/ is below ${above}/: imports flow down only.`,
    })),
  ),
  // Each screen is its own chunk and its own folder: what two screens share moves down a layer.
  ...webScreens.map((name) => ({
    target: `${WEB_SRC}/screens/${name}`,
    from: `${WEB_SRC}/screens`,
    except: [`./${name}`],
    message: 'A screen never imports another screen: share through journey/ or components/.',
  })),
  ...[...WEB_LAYERS, 'main.tsx'].map((part) => ({
    target: `${WEB_SRC}/${part}`,
    from: `${WEB_SRC}/testing`,
    message: 'testing/ is for tests only.',
  })),
]

/**
 * The server's one-way imports (docs/decisions/1861-one-write-path.md): routes → repositories → db, never
 * the reverse. db/ is the bottom and imports no other part of the server; only app.ts wires routes/ and
 * plugins/ (a route may use a plugin's helpers); nothing below the entry points imports them.
 */
const SERVER_SRC = './apps/server/src'
const serverParts = readdirSync(new URL('apps/server/src', import.meta.url)).filter(
  (name) => !name.endsWith('.json'),
)
const serverPath = (name) => `${SERVER_SRC}/${name}`
const SERVER_ENTRIES = ['app.ts', 'server.ts', 'worker.ts', 'production-start.ts', 'cli']
const serverZones = [
  {
    target: serverPath('db'),
    from: serverParts.filter((name) => name !== 'db').map(serverPath),
    message: 'db/ is the bottom of the server: it imports no other part of it.',
  },
  {
    target: serverParts.filter((name) => name !== 'routes' && name !== 'app.ts').map(serverPath),
    from: serverPath('routes'),
    message: 'Only app.ts registers routes: move what others need out of routes/.',
  },
  {
    target: serverParts
      // config.ts reads each part's settings with that part's own parser, the host policy's included.
      .filter((name) => !['plugins', 'routes', 'app.ts', 'config.ts'].includes(name))
      .map(serverPath),
    from: serverPath('plugins'),
    message: 'plugins/ are registered by app.ts and used by routes only.',
  },
  {
    target: serverParts.filter((name) => !SERVER_ENTRIES.includes(name)).map(serverPath),
    from: SERVER_ENTRIES.filter((name) => name !== 'cli').map(serverPath),
    message: 'The entry points sit on top: nothing below them imports them.',
  },
  {
    target: serverParts.filter((name) => name !== 'cli').map(serverPath),
    from: serverPath('cli'),
    message: 'cli/ holds the operator commands, on top: nothing below them imports them.',
  },
]

/**
 * The packages' boundary: the domain and the UI kit import nothing from the apps, and no app imports
 * another.
 */
const packageZones = [
  {
    target: './packages/domain',
    from: './apps',
    message: 'The domain imports nothing from the apps.',
  },
  {
    target: './packages/domain',
    from: './packages/ui',
    message: 'The domain imports nothing from the UI kit: it draws nothing.',
  },
  {
    target: './packages/ui',
    from: './apps',
    message: 'The UI kit imports nothing from the apps.',
  },
  {
    target: './apps/web',
    from: ['./apps/server', './apps/back-office'],
    message: 'The web app imports no other app: share through the domain or the UI kit.',
  },
  {
    target: './apps/server',
    from: ['./apps/web', './apps/back-office'],
    message: 'The server imports no front end: share through the domain.',
  },
  {
    target: './apps/back-office',
    from: ['./apps/web', './apps/server'],
    message: 'The back office imports no other app: share through the domain or the UI kit.',
  },
]

/** The packages' test support (filled applications, the example checks) is for tests only. */
const testSupportZones = [
  {
    target: ['./packages/domain/src', './apps/web/src', './apps/server/src'],
    from: './packages/domain/test-support',
    message: 'test-support/ is for tests only.',
  },
  {
    target: ['./packages/ui/src', './apps/web/src', './apps/back-office/src'],
    from: './packages/ui/test-support',
    message: 'test-support/ is for tests only.',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'reports/**',
      'test-results/**',
      // Code that breaks the rules on purpose, linted by scripts/lint/import-rules.test.mjs alone.
      '**/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The import rules' plugin and resolver for every workspace; each part adds its rules below.
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are modules to follow too: without these, import-x/no-cycle would read no .ts
      // file it reaches and so find no circle through one.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
  },
  {
    // The back office names its folders through tsconfig paths (#app/…, #screens/…), which the imports
    // are resolved by too, so a circle through an alias is found like any other.
    files: ['apps/back-office/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: {
            configFile: fileURLToPath(new URL('apps/back-office/tsconfig.json', import.meta.url)),
          },
        }),
      ],
    },
  },
  {
    files: [
      'apps/web/**/*.{ts,tsx}',
      'apps/back-office/**/*.{ts,tsx}',
      'packages/ui/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      // One convention: kebab-case file and folder names; components are PascalCase inside.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'apps/web/src/**/': 'KEBAB_CASE', 'packages/ui/src/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-unresolved': 'error',
    },
  },
  {
    // The package boundary holds for tests too: a test of one app never reaches into another's code.
    files: ['apps/**/*.{ts,tsx,mjs}', 'packages/**/*.{ts,tsx,mjs}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: packageZones }],
    },
  },
  {
    // Imports flow one way through the web app's layers, and what tests share never ships in a
    // product's code. A test may look at the whole app (a screen's test renders it through the router).
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/back-office/src/**/*.{ts,tsx}',
      'apps/server/src/**/*.ts',
      'packages/domain/src/**/*.ts',
      'packages/ui/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [...webZones, ...serverZones, ...packageZones, ...testSupportZones],
        },
      ],
    },
  },
  {
    // No import circle: a circle hides which file depends on which, and makes the order in which a
    // bundle runs its modules decide what a file sees (docs/decisions/1861-one-write-path.md). Type-only
    // imports do not count: they are gone at run time.
    files: [
      'apps/server/**/*.ts',
      'apps/web/**/*.{ts,tsx}',
      'apps/back-office/**/*.{ts,tsx}',
      'packages/domain/**/*.ts',
      'packages/ui/**/*.{ts,tsx}',
    ],
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The write path's row builders import nothing at run time, so both writers (Kysely and the SQLite
    // writer thread) can use them without bringing anything else along.
    files: ['apps/server/src/repositories/rows.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['*'], allowTypeImports: true, message: 'rows.ts imports types only.' },
          ],
        },
      ],
    },
  },
  {
    // The journey's pages write numbers, dates and lists without Intl: a page's first Intl object loads
    // ICU's locale data in one long task (docs/decisions/2011-en-gb-forms-without-intl.md).
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'Intl', message: 'Use @forecourt/domain/format/en-gb (decision 2011).' },
      ],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Use @forecourt/domain/format/en-gb (decision 2011).',
        })),
      ],
    },
  },
  {
    // The domain is pure: no React, no Node built-ins.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', 'node:*', 'fs', 'path', 'crypto', 'os', 'http', 'https'] },
      ],
    },
  },
)

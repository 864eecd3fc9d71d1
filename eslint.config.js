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

/** The domain's test support (filled applications) is for tests only. */
const testSupportZones = [
  {
    target: ['./packages/domain/src', './apps/web/src', './apps/server/src'],
    from: './packages/domain/test-support',
    message: 'test-support/ is for tests only.',
  },
]

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'reports/**', 'test-results/**'] },
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
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/back-office/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      // One convention: kebab-case file and folder names; components are PascalCase inside.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'apps/web/src/**/': 'KEBAB_CASE' }],
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
    // Imports flow one way through the web app's layers, and what tests share never ships in a
    // product's code. A test may look at the whole app (a screen's test renders it through the router).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...webZones, ...testSupportZones] },
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

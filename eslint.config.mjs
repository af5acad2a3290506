/**
 * The layering rules of docs/client-architecture.md ("Lint rules"): platform globals only in
 * src/platform, one-way imports between layers, no import cycles. `npm run lint` runs it.
 */
import { defineConfig } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const PLATFORM_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'wx']

export default defineConfig(
  {
    ignores: ['**/node_modules/', 'dist/', '.swc/', 'coverage/', 'test-results/', 'playwright-report/', '.taro-cache/', 'data/'],
  },
  {
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      // Without these, import-x follows only .js dependencies and sees no cycle through .ts files.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'server/tsconfig.json', 'test/e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // The TypeScript convention (noUnusedParameters) for a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Scripts and CommonJS configs are not type-checked: an undefined name is caught here or not at all.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-undef': 'error' },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // jest.isolateModules and the compiled mini-program are loaded with require.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests run in jsdom or drive a browser, and the server and scripts run on Node: the rule is
    // about the app's own layers, so it covers src/ and the shared contract.
    files: ['src/**', 'types/**'],
    ignores: ['src/platform/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...PLATFORM_GLOBALS.map((name) => ({
          name,
          message: `Only src/platform/ touches ${name}: use (or add) a platform port, so the mini-program build keeps working.`,
        })),
      ],
    },
  },
  {
    files: ['src/**', 'server/src/**', 'types/**'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**', 'types/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/services', './src/stores', './src/engines'],
              from: ['./src/components', './src/pages'],
              message: 'Screens sit above services, stores and engines; put a shared rule in src/domain/.',
            },
            {
              target: './src/engines',
              from: ['./src/services', './src/stores'],
              message: 'Engines report through their events; services bind them to the store.',
            },
            {
              target: './src/domain',
              from: ['./src/components', './src/pages', './src/services', './src/engines', './src/platform'],
              message: 'src/domain/ holds pure rules: it reads types/, utils and store shapes, and calls nothing.',
            },
            { target: './src', from: './server', message: 'The client shares only types/ with the server.' },
            { target: './types', from: ['./src', './server'], message: 'types/ is the shared contract: it imports neither side.' },
          ],
        },
      ],
    },
  },
  {
    // DOM types are already kept out by the server's type check (lib es2022), which includes types/.
    files: ['types/**'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-globals': [
        'error',
        ...[...PLATFORM_GLOBALS, 'process', 'Buffer'].map((name) => ({ name, message: `types/ runs on both sides; ${name} exists on one.` })),
      ],
      'no-restricted-imports': ['error', { patterns: [{ group: ['@tarojs/*'], message: 'types/ is shared with the server, which has no Taro.' }] }],
    },
  },
)

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

/** Module-level declarations of server/src that hold mutable state (see the rule below). */
const TOP = ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration'
/** What a declaration is initialised with, bare or under `as` / `satisfies`. */
const initialised = (what) => ['', ' > TSAsExpression', ' > TSSatisfiesExpression'].map((wrap) => `${TOP} > VariableDeclarator${wrap} > ${what}`).join(', ')
const MODULE_STATE = [
  [`${TOP}[kind!='const']`, 'A `let` or `var`'],
  [initialised('NewExpression[callee.name=/^Weak(Map|Set|Ref)$/]'), 'A weak map, set or reference'],
  [initialised('NewExpression[callee.name=/^(Map|Set)$/][arguments.length=0]'), 'An empty Map or Set'],
  [initialised('ArrayExpression[elements.length=0]'), 'An empty array'],
].map(([selector, what]) => ({
  selector,
  message: `${what} at module level is state every app in the process shares: make it a field of the application context (server/src/context.ts, built in app.ts).`,
}))

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
    // Taro's Input and Textarea cut what is typed at 140 characters, without a word, unless told
    // otherwise: each names its limit, the server's where it has one (-1 takes any length).
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name=/^(Input|Textarea)$/]:not(:has(> JSXAttribute[name.name='maxlength']))",
          message: "Give Taro's Input and Textarea a maxlength (the server's limit, or -1): without one they cut text at 140 characters.",
        },
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
    // The server's layers (docs/server-architecture.md): transport on top, use cases (app/) under it,
    // the data layer and pure rules at the bottom. Type-only imports count too; cycles that pass
    // through them are caught by dependency-cruiser (.dependency-cruiser.cjs), which `npm run lint` runs.
    files: ['server/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./server/src/routes', './server/src/realtime'],
              from: './server/src/data',
              message: 'Routes and the socket handler parse, call one use case (server/src/app/) and answer; the use case reads the data layer.',
            },
            {
              target: './server/src/domain',
              from: [
                './server/src/data',
                './server/src/db',
                './server/src/realtime',
                './server/src/http',
                './server/src/ops',
                './server/src/adapters',
                './server/src/routes',
                './server/src/app',
              ],
              message: 'server/src/domain/ holds pure rules: a use case (server/src/app/) brings it data and publishes its effects.',
            },
            {
              target: './server/src/app',
              from: ['./server/src/routes', './server/src/realtime', './server/src/http'],
              message: 'A use case is called by the transport and never calls back up into it: return effects for the publisher (server/src/app/publish/).',
            },
            {
              target: './server/src/data',
              from: ['./server/src/routes', './server/src/realtime', './server/src/http', './server/src/app'],
              message: 'The data layer answers queries; it knows nothing of the transport or of the use cases above it.',
            },
          ],
        },
      ],
    },
  },
  {
    // A server file past 400 lines holds more than one thing to read: split it along its seams
    // (docs/server-architecture.md). Migrations are a history, not modules, and are left out.
    files: ['server/src/**/*.{ts,mjs}'],
    ignores: ['server/src/db/migrations/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // No module-level mutable state in the server: caches, batchers and registries are fields of the
    // application context (server/src/context.ts), built once per app by app.ts, so two apps in one
    // process share nothing and tests see each app's own. Constant lookup tables built from literals
    // (`new Set([...])` typed ReadonlySet) stay allowed: an empty collection or a weak one at module
    // level exists only to be filled. A worker thread's entry module is that thread's own state.
    files: ['server/src/**/*.{ts,mjs}'],
    ignores: ['server/src/db/migrations/**', 'server/src/adapters/pushSendWorker.cjs'],
    rules: {
      'no-restricted-syntax': ['error', ...MODULE_STATE],
    },
  },
  {
    // The domain is rules over values it is given: a query there is data access that belongs in
    // server/src/data/ (the import zone above keeps server/src/db/ out; this catches a query run on
    // whatever object a caller passed in). Flat config replaces a rule's options, so the module
    // state selectors are repeated here.
    files: ['server/src/domain/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...MODULE_STATE,
        {
          selector: "CallExpression[callee.property.name='query'], CallExpression[callee.property.value='query']",
          message: 'server/src/domain/ runs no query: put the SQL in a module of server/src/data/ and have the use case (server/src/app/) bring its rows.',
        },
      ],
    },
  },
  {
    // Scripts run by hand (cli/) call repositories like the use cases do: a query or a statement
    // run there is SQL outside server/src/data/.
    files: ['server/src/cli/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...MODULE_STATE,
        {
          selector: "CallExpression[callee.property.name=/^(query|exec)$/], CallExpression[callee.property.value=/^(query|exec)$/]",
          message: 'server/src/cli/ runs no SQL: put it in a module of server/src/data/ and call that with the database.',
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

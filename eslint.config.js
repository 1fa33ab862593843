import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;

/**
 * The client's features, read from the folder: each is closed to the files of every other feature folder
 * (`!(name)`: any folder but its own, so one added later is kept out too). What two features need lives
 * in a shared client folder.
 */
const FEATURES = 'src/client/features';
const features = readdirSync(path.join(root, FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The client's folders every feature may use, and which use none: all but the app and the features. */
const SHARED_CLIENT_FOLDERS = ['forms', 'session', 'components', 'layout', 'pages', 'studio', 'sw', 'vendor'].map(
  (folder) => `src/client/${folder}`,
);
/**
 * A call of fetch with an /api path written out: the API's calls go through their RTK endpoints, or
 * their path from src/shared/api (the contract), so that a renamed call cannot leave one behind.
 */
const RAW_API_FETCH = [
  {
    selector: "CallExpression[callee.name='fetch'] > Literal:first-child[value=/^\\/api(\\/|$)/]",
    message: "Call the API through its RTK endpoint or its contract's path (src/shared/api), not fetch('/api/…').",
  },
  {
    selector:
      "CallExpression[callee.name='fetch'] > TemplateLiteral:first-child > TemplateElement:first-child[value.raw=/^\\/api(\\/|$)/]",
    message: "Call the API through its RTK endpoint or its contract's path (src/shared/api), not fetch(`/api/…`).",
  },
];
const FEATURE_APART =
  'Features never import each other: move what both need to a shared client folder (src/client/forms, session, components, app).';

/**
 * src/shared runs on both sides, so it uses no global that only one side has. The browser's globals that
 * Node lacks, and those Node has only behind a flag or as a stand-in (Web Storage, navigator); and
 * Node's own (process, Buffer, require). fetch, URL, crypto and the like exist on both and stay allowed.
 */
const isNode = (name) => name in globals.node;
const isLanguage = (name) => name in globals.es2026;
const BROWSER_ONLY = new Set([
  ...Object.keys(globals.browser).filter((name) => !isNode(name) && !isLanguage(name)),
  'localStorage',
  'sessionStorage',
  'Storage',
  'navigator',
  'Navigator',
]);
const NODE_ONLY = Object.keys(globals.node).filter((name) => !(name in globals.browser) && !isLanguage(name));
const SHARED_RESTRICTED_GLOBALS = [
  ...[...BROWSER_ONLY].map((name) => ({ name, message: 'src/shared runs on the server too: pass in what it needs.' })),
  ...NODE_ONLY.map((name) => ({ name, message: 'src/shared runs in the browser too: pass in what it needs.' })),
];

/** The globals shared code may use: the language's, and those both the browser and Node have. */
const SHARED_GLOBALS = {
  ...globals.es2026,
  ...Object.fromEntries(Object.entries(globals.browser).filter(([name]) => isNode(name) && !BROWSER_ONLY.has(name))),
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'public/mockServiceWorker.js', 'tests/lint/fixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    ignores: ['src/shared/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['src/shared/**'],
    languageOptions: { globals: SHARED_GLOBALS },
    rules: { 'no-restricted-globals': ['error', ...SHARED_RESTRICTED_GLOBALS] },
  },
  {
    // Type-aware rules (the TypeScript program of tsconfig.json): promises awaited or handed on, no
    // assertion the types already make. The `any` family (no-unsafe-*) stays off: tests read JSON.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      'no-implied-eval': 'off',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-unsafe-enum-comparison': 'error',
      '@typescript-eslint/no-unsafe-unary-minus': 'error',
      'no-throw-literal': 'off',
      '@typescript-eslint/only-throw-error': 'error',
      'prefer-promise-reject-errors': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/restrict-plus-operands': 'error',
      '@typescript-eslint/restrict-template-expressions': 'error',
    },
  },
  {
    // Import cycles and the walls between folders, resolved as the bundler does (extensionless .ts/.tsx).
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Type-only imports do not count (they leave no import at run time); dynamic import() does.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...features.map((feature) => ({
              target: `${FEATURES}/!(${feature})/**`,
              from: `${FEATURES}/${feature}`,
              message: FEATURE_APART,
            })),
            {
              // The shared client folders serve the features: they never reach into one. Only the app
              // (the routes and the store) puts the features together.
              target: SHARED_CLIENT_FOLDERS,
              from: FEATURES,
              message: 'A shared client folder never imports a feature: the app (routes, store) puts them together.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One-way dependencies: shared imports neither side; client and server never import each other.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/client/**',
            '**/server/**',
            'node:*',
            'react',
            'react-dom',
            'react-i18next',
            '@mui/*',
            '@rjsf/*',
            'fastify',
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }] },
  },
  {
    // The one place that turns a contract's path into a request (src/client/app/api.ts, early-calls.ts).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/app/api.ts', 'src/client/app/early-calls.ts'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_API_FETCH] },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
  },
  {
    // Issue 32: a server file holds one operation or one repository, never a god service; app.ts wires them all.
    files: ['src/server/**/*.{ts,tsx}'],
    // The migrations are a frozen record of the schema's history, each applied once.
    ignores: ['src/server/app.ts', 'src/server/db/migrations/**'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The forms checker renders every step with the wizard's own RJSF theme (to catch what would break
    // it), so it alone may import the client's form engine, and nothing else of the client.
    files: ['src/server/forms/check/smoke-render.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)client/(?!forms/)', message: 'Of the client, only src/client/forms.' }] },
      ],
    },
  },
);

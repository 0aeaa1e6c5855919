// ESLint flat config (STYLE.md §7.6, §7.7): typescript-eslint strict, react-hooks on the client,
// no-console on the server, and import boundaries between client/, server/ and shared/.
// Not type-aware: the syntactic strict set keeps `npm run lint` fast; `npm run typecheck` covers types.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import tandemServer from './scripts/eslint/server-boundaries.mjs';
import tandemI18n from './scripts/eslint/no-literal-ui-text.mjs';

const TS = ['**/*.{ts,tsx,mts,cts}'];

const nodeBuiltins = [...new Set(builtinModules.map((name) => name.replace(/^node:/, '')))];

const noServer = {
  regex: String.raw`(^|/)server/src(/|$)`,
  message: 'client/ and shared/ may not import server code; move what both need to shared/.',
};
const noClient = {
  regex: String.raw`(^|/)client/src(/|$)`,
  message: 'server/ and shared/ may not import client code; move what both need to shared/.',
};

/**
 * Client boundaries (STYLE.md §7.13), as regexes over the import specifier: relative paths from the file
 * that imports. Static imports are checked by no-restricted-imports, dynamic `import()` by
 * no-restricted-syntax (no-restricted-imports does not look at import expressions).
 */
const kernelBoundaries = [
  {
    regex: String.raw`^(\.\./)+(features|document-page)(/|$)`,
    message:
      'client/src/editor/ (the kernel) imports no feature and no page: the composition root (client/src/capabilities.ts) hands capabilities down.',
  },
  {
    regex: String.raw`^(\.\./)+capabilities([./]|$)`,
    message:
      'The composition root (client/src/capabilities.ts) is imported by the app only; read capabilitiesOf(editor).',
  },
];
const pageBoundaries = [
  {
    regex: String.raw`^(\.\./)+(features|capabilities)([./]|$)`,
    message: 'client/src/document-page/ imports no feature: the app hands the composition root down (PageComposition).',
  },
];
const featureBoundaries = [
  {
    // From features/<a>/x.ts, `../<b>/<file>` is another feature's file (feature folders are flat).
    regex: String.raw`^\.\./[^./][^/]*/|(^|/)features/[^/]+/`,
    message:
      'A feature imports another only through its index.ts (`../<b>`), never `../<b>/<file>`: shared UI goes to editor/ui/.',
  },
  {
    regex: String.raw`^(\.\./)+(document-page(/|$)|capabilities([./]|$))`,
    message: 'A feature imports neither the page nor the composition root: read capabilitiesOf(editor).',
  },
];

/** Lazy loading goes through one loader (editor/core/lazy/index.ts), which also adds a chunk's strings. */
const lazyBoundaries = [
  {
    regex: String.raw`(^|/)lazy/[^/]+$`,
    message:
      'Import the loader through editor/core/lazy (its index.ts): declare parts ({ ui, preload }) and chunks, not its internals.',
  },
  {
    regex: String.raw`(^|/)i18n/register-english$`,
    message:
      'A lazily loaded module exports its English strings as `strings`; editor/core/lazy adds them when it arrives.',
  },
];
kernelBoundaries.push(...lazyBoundaries);
pageBoundaries.push(...lazyBoundaries);
featureBoundaries.push(...lazyBoundaries);

/** The two rules that enforce `patterns` on static imports and on `import()`. */
function boundaryRules(patterns) {
  return {
    'no-restricted-imports': ['error', { patterns: [noServer, ...patterns] }],
    'no-restricted-syntax': [
      'error',
      ...patterns.map(({ regex, message }) => ({
        selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\/')}/]`,
        message,
      })),
    ],
  };
}

/** Browser-only and Node-only globals shared/ must not touch (it runs on both sides). */
const platformGlobals = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'HTMLElement',
  'Element',
  'Node',
  'process',
  'Buffer',
  '__dirname',
  '__filename',
  'require',
  'global',
].map((name) => ({ name, message: 'shared/ runs in the browser and in Node: pass platform values in instead.' }));

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    'dist/',
    'dist-server/',
    'test-results/',
    'playwright-report/',
    '.ci-out/',
    'bench-results/',
    'data/',
    'coverage/',
    // Deliberate violations, linted one by one in tests/lint/ (with `ignore: false`).
    'tests/lint-fixtures/',
  ]),

  js.configs.recommended,
  tseslint.configs.strict,

  {
    name: 'tandem/base',
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
      // Control characters in our patterns are written as explicit escapes, on purpose (title cleaning).
      'no-control-regex': 'off',
    },
  },

  {
    name: 'tandem/typescript',
    files: TS,
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true, 'ts-nocheck': true, 'ts-check': false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // TypeScript already reports undefined names, with the right lib per tsconfig.
      'no-undef': 'off',
    },
  },

  {
    name: 'tandem/client',
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },

  {
    // Every user-visible string goes through i18n (English and German); tests and test support may spell text out.
    name: 'tandem/client-i18n',
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'client/src/testing/**'],
    plugins: { 'tandem-i18n': tandemI18n },
    rules: { 'tandem-i18n/no-literal-ui-text': 'error' },
  },

  {
    name: 'tandem/client-kernel',
    files: ['client/src/editor/**/*.{ts,tsx}'],
    rules: boundaryRules(kernelBoundaries),
  },

  {
    // The loader itself: the kernel's rules, without those that keep everyone else out of it.
    name: 'tandem/client-lazy-loader',
    files: ['client/src/editor/core/lazy/**/*.{ts,tsx}'],
    rules: boundaryRules(kernelBoundaries.filter((b) => !lazyBoundaries.includes(b))),
  },

  {
    name: 'tandem/client-page',
    files: ['client/src/document-page/**/*.{ts,tsx}'],
    rules: boundaryRules(pageBoundaries),
  },

  {
    name: 'tandem/client-features',
    files: ['client/src/features/**/*.{ts,tsx}'],
    // Tests may use another feature's test support and full capability lists; production code may not.
    ignores: ['**/*.test.{ts,tsx}', '**/test-support.{ts,tsx}'],
    rules: boundaryRules(featureBoundaries),
  },

  {
    name: 'tandem/server',
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: [noClient] }],
    },
  },

  {
    // STYLE.md §7.13: a plugin reaches another through what it decorates on the app (`app.collab`,
    // `app.versions`, …), shared logic lives in domain/, infra/ holds engines only.
    name: 'tandem/server-plugins',
    files: ['server/src/**/*.ts'],
    plugins: { tandem: tandemServer },
    rules: {
      'tandem/server-boundaries': 'error',
    },
  },

  {
    name: 'tandem/shared',
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({ name, message: 'shared/ may not use Node-only modules.' })),
            { name: 'react-dom', message: 'shared/ may not use DOM-only modules.' },
          ],
          patterns: [
            noServer,
            noClient,
            { group: ['node:*'], message: 'shared/ may not use Node-only modules.' },
            { group: ['react-dom/*'], message: 'shared/ may not use DOM-only modules.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...platformGlobals],
    },
  },

  {
    // STYLE.md §7.13: no runtime import cycle (type-only imports are erased, so they may loop).
    name: 'tandem/no-cycle',
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['client/tsconfig.json', 'server/tsconfig.json', 'tsconfig.json'].map((file) =>
            fileURLToPath(new URL(file, import.meta.url)),
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  {
    name: 'tandem/node-tooling',
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,ts}', '*.{js,mjs,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },

  {
    name: 'tandem/tests',
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: {
      // Tests assert on values they just checked; a `!` there is clearer than another guard.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
]);

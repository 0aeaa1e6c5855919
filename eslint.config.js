// ESLint flat config (STYLE.md §7.6, §7.7): typescript-eslint strict, react-hooks on the client,
// no-console on the server, and import boundaries between client/, server/ and shared/.
// Not type-aware: the syntactic strict set keeps `npm run lint` fast; `npm run typecheck` covers types.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import tandemServer from './scripts/eslint/server-boundaries.mjs';

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

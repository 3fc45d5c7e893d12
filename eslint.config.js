// Flat config for the whole repository: TypeScript everywhere, React hooks rules for the web app,
// and architecture boundaries for web/src (bulletproof-react style).
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import oneSpelling from './scripts/eslint-one-spelling.mjs';
import tseslint from 'typescript-eslint';
import apiBoundaries from './eslint-rules/api-boundaries.js';
import noSqlOutsideDomain from './eslint-rules/no-sql-outside-domain.js';

/** The API's layer rules (eslint-rules/): one plugin object, shared by the blocks that use it. */
const apiLayers = { rules: { 'no-sql-outside-domain': noSqlOutsideDomain, boundaries: apiBoundaries } };

const aliasResolver = fileURLToPath(new URL('./scripts/eslint-alias-resolver.cjs', import.meta.url));

export default defineConfig(
  globalIgnores(['**/dist/**', '**/node_modules/**', '**/.data/**', 'test-results/**', 'playwright-report/**', 'coverage/**', '.bench/**', 'tests/lint/fixtures/**']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Test helpers type loosely-shaped HTTP answers on purpose.
    files: ['tests/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The database adapters wrap untyped driver calls (marked with `deno-lint-ignore` for deno lint).
    files: ['supabase/functions/api/db/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // No import cycles anywhere (web, API, local runner, scripts): a cycle hides an order-of-evaluation bug and
    // makes layers meaningless. tests/lint proves this rule fails on one.
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { [aliasResolver]: {} },
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // ---- The API's layers (decision 177, issue 36) ------------------------------------------------------------------
  // supabase/functions/api/ holds one folder per feature: its routers (router.ts, *-router.ts: parse the request,
  // call the domain, answer), its index.ts (the feature's only public surface) and, every other file, its domain.
  // Beside the features: db/ (the database port, SQL helpers), http/ (middleware, cookies, errors, validation, the
  // request context), ports/ (adapters), jobs/ (queue drains, clean-ups). tests/lint/api-layers.test.ts proves each
  // rule fails.
  {
    // SQL lives in the domain and db/: a router, http/, a port, a job or a top-level module holding a statement or
    // calling the query function fails (eslint-rules/no-sql-outside-domain.js).
    files: [
      'supabase/functions/api/*.ts',
      'supabase/functions/api/{http,ports,jobs}/**/*.ts',
      'supabase/functions/api/*/router.ts',
      'supabase/functions/api/*/*-router.ts',
      'supabase/functions/api/*/index.ts',
    ],
    ignores: ['**/*.test.ts', 'supabase/functions/api/db/**'],
    plugins: { 'api-layers': apiLayers },
    rules: { 'api-layers/no-sql-outside-domain': 'error' },
  },
  {
    // A port imports no feature, jobs/ or http/; a feature imports another feature only through its index.ts
    // (eslint-rules/api-boundaries.js).
    files: ['supabase/functions/api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'api-layers': apiLayers },
    rules: { 'api-layers/boundaries': 'error' },
  },
  {
    // The domain speaks no HTTP: it takes the database handle and config values, never the request context. No Hono,
    // nothing of http/ (context, middleware, cookies, HTTP errors: domain-error.ts has the domain's refusals and
    // http/errors.ts maps them to statuses), no router, no job.
    files: ['supabase/functions/api/*/*.ts'],
    ignores: [
      '**/*.test.ts',
      'supabase/functions/api/{db,http,ports,jobs}/**',
      'supabase/functions/api/*/router.ts',
      'supabase/functions/api/*/*-router.ts',
      'supabase/functions/api/*/index.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['hono', 'hono/*'], message: 'The domain speaks no HTTP: take plain values, let the router handle the request (issue 36).' },
          { group: ['**/http/*', '**/http'], message: 'The domain never imports http/ (the request context, middleware, cookies, HTTP errors): take the database handle and config values as parameters; throw DomainError (domain-error.ts) (issue 36).' },
          { group: ['**/router.ts', '**/*-router.ts'], message: 'The domain never imports a router (issue 36).' },
          { group: ['**/jobs/*', '**/jobs'], message: 'The domain never imports jobs/: a job calls the domain (issue 36).' },
        ],
      }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.flat.recommended.rules,
  },
  {
    // Layers of web/src. Shared code (components, lib, config) knows nothing of features or the app;
    // a feature uses shared code and its own files only; only the app composes features.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [aliasResolver]: {} },
      'boundaries/include': ['web/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['featureName'] },
        { type: 'shared', pattern: 'web/src/{components,lib,config}' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'app' } } },
            },
            {
              // A feature may import its own files, never another feature's.
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature', captured: { featureName: '!{{ from.captured.featureName }}' } } } },
            },
          ],
        },
      ],
    },
  },
  // ---- One spelling per concept (decision 178; issue 29) -------------------------------------------------------
  // base64/base64url/hex only in _shared/encoding.ts, money only in _shared/money.ts, dates by web/src/lib/dates.ts, ISO days
  // and months by _shared/iso-dates.ts, basis points as percent by _shared/basis-points.ts. Tests may check the project's encoding against Node's Buffer (an independent
  // reference), never write it by hand.
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'one-spelling': oneSpelling },
    rules: { 'one-spelling/encoding': 'error', 'one-spelling/money': 'error', 'one-spelling/dates': 'error', 'one-spelling/percent': 'error' },
  },
  {
    // Tests and benches check the project's output against independent references (Node's Buffer, Intl, a
    // double's own messages), so these may spell money and Buffer's base64 their own way; btoa/atob stay out.
    files: ['tests/**', '**/*.test.{ts,tsx}', 'bench/**'],
    // Likewise "today" cut from toISOString() is the reference a test checks isoDay's answers against.
    rules: {
      'one-spelling/encoding': ['error', { allowBuffer: true }], 'one-spelling/money': 'off', 'one-spelling/dates': ['error', { allowIsoCut: true }],
    },
  },
  {
    files: ['supabase/functions/_shared/encoding.ts'],
    rules: { 'one-spelling/encoding': 'off' },
  },
  {
    files: ['supabase/functions/_shared/money.ts'],
    rules: { 'one-spelling/money': 'off' },
  },
  {
    files: ['supabase/functions/_shared/basis-points.ts'],
    rules: { 'one-spelling/percent': 'off' },
  },
  {
    files: ['supabase/functions/_shared/iso-dates.ts'],
    rules: { 'one-spelling/dates': ['error', { allowIsoCut: true }] },
  },
  // ---- end of one spelling per concept ---------------------------------------------------------------------------
);

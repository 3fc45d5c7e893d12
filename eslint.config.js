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
import noSqlOutsideDomain from './eslint-rules/no-sql-outside-domain.js';

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
  {
    // Layers of the API (decision 177): routes, middleware, lib, ports -> domain -> db. SQL lives in domain/ and the
    // database adapters (db/): any other API module holding a statement or calling the query function fails (local
    // rule eslint-rules/no-sql-outside-domain.js); tests/lint proves it fails on a route, a middleware and a port.
    files: ['supabase/functions/api/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'supabase/functions/api/domain/**',
      'supabase/functions/api/db/**',
    ],
    plugins: { 'api-layers': { rules: { 'no-sql-outside-domain': noSqlOutsideDomain } } },
    rules: { 'api-layers/no-sql-outside-domain': 'error' },
  },
  {
    // The domain speaks no HTTP (decision 177): no Hono, no middleware, no HTTP errors (domain/errors.ts has the
    // domain's refusals; middleware/errors.ts maps them to statuses), no routes. tests/lint proves it.
    files: ['supabase/functions/api/domain/**/*.ts'],
    ignores: [
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['hono', 'hono/*'], message: 'domain/ speaks no HTTP: take plain values, let the route or middleware handle the request (decision 177).' },
          { group: ['**/middleware/*', '**/middleware'], message: 'domain/ never imports middleware (decision 177).' },
          { group: ['**/lib/http-error', '**/lib/http-error.ts'], message: 'domain/ throws DomainError (domain/errors.ts); middleware/errors.ts maps it to HTTP (decision 177).' },
          { group: ['**/routes/*', '**/routes/**'], message: 'domain/ never imports routes (decision 177).' },
          {
            // What domain/ may take from lib/: plain helpers only. The rest of lib/ is HTTP (request parsing, HTTP errors,
            // headers, uploads checked for a route) or calls the domain itself.
            group: [
              '**/lib/*', '!**/lib/iso.ts', '!**/lib/tokens.ts', '!**/lib/password.ts', '!**/lib/billing-period.ts',
              '!**/lib/log.ts', '!**/lib/client-ip.ts', '!**/lib/http-error.ts',
            ],
            message: 'domain/ takes only plain helpers from lib/ (iso, tokens, password, billing-period, log, client-ip); the rest of lib/ is HTTP or calls the domain (decision 177).',
          },
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

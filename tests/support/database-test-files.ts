import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The `postgres` step of `npm test` runs again, on PostgreSQL 15, only the test files whose outcome can change with
// the database server: what differs from the PGlite run is TEST_DATABASE_URL and the template that
// tests/support/global-setup.ts makes from it, so a file qualifies when it, or any repository module it reaches,
// names one of DATABASE_MARKERS. The list is worked out from the sources on every run (never kept by hand), and
// tests/support/database-use.ts fails a file that reaches the server's settings without being on it.

/** What a module that picks or opens the test database names. */
export const DATABASE_MARKERS = ['TEST_DATABASE_URL', 'TEST_DATABASE_READ_URL', 'databaseTemplate'] as const;

// Folders that hold no vitest file (vitest.config.ts excludes the same ones, and the Playwright journeys).
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', '.git', '.ci', 'test-results']);
const TEST_FILE = /\.test\.tsx?$/;
const MODULE_EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];
// Every quoted relative or aliased path (static and dynamic imports, vi.mock, new URL(..., import.meta.url)):
// reading more than the imports can only add files to the list, never drop one.
const PATH_LITERAL = /(['"`])((?:\.\.?|@|@shared)\/[^'"`\s$]+)\1/g;

function testFilesUnder(root: string, dir: string, out: string[]) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) testFilesUnder(root, join(dir, entry.name), out);
    } else if (TEST_FILE.test(entry.name) && !entry.name.endsWith('.deno.test.ts')) {
      out.push(relative(root, join(dir, entry.name)));
    }
  }
  return out;
}

function resolveModule(root: string, from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@shared/') ? join(root, 'supabase/functions/_shared', specifier.slice('@shared/'.length))
    : specifier.startsWith('@/') ? join(root, 'web/src', specifier.slice(2))
      : resolve(dirname(from), specifier);
  for (const extension of MODULE_EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The vitest files (paths relative to `root`, sorted) whose outcome can depend on the database server. */
export function databaseTestFiles(root: string): string[] {
  const testFiles = testFilesUnder(root, root, []);
  // The repository modules the test files reach, each with what it reaches directly; then, walking the edges
  // backwards from the modules that name a marker, every module that reaches one (import cycles included).
  const importers = new Map<string, Set<string>>();
  const marked: string[] = [];
  const pending = testFiles.map((file) => join(root, file));
  const seen = new Set(pending);
  while (pending.length) {
    const file = pending.pop()!;
    const source = readFileSync(file, 'utf8');
    if (DATABASE_MARKERS.some((marker) => source.includes(marker))) marked.push(file);
    for (const [, , specifier] of source.matchAll(PATH_LITERAL)) {
      const target = resolveModule(root, file, specifier);
      if (!target || target.includes('/node_modules/')) continue;
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target)!.add(file);
      if (!seen.has(target)) { seen.add(target); pending.push(target); }
    }
  }
  const reaching = new Set(marked);
  for (let i = 0; i < marked.length; i++) {
    for (const importer of importers.get(marked[i]) ?? []) {
      if (!reaching.has(importer)) { reaching.add(importer); marked.push(importer); }
    }
  }
  return testFiles.filter((file) => reaching.has(join(root, file))).sort();
}

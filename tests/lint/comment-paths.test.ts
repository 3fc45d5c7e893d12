import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { commentsOf, findMissingNames, listRepository, nameExists, pathNamesIn } from './comment-paths.ts';

// A comment never names a file that does not exist (issue 36). The rule for what a comment is, what a path-like
// name is and when it names a file is written at the top of comment-paths.ts; these tests pin each part of it,
// show the check failing on a planted comment, then run it on the repository.

const root = fileURLToPath(new URL('../..', import.meta.url));
const API = 'supabase/functions/api/';

describe('comments', () => {
  it('reads // and /* */ comments of a script, never strings, templates or regular expressions', () => {
    const source = [
      "const url = 'https://example.test/not-a-comment.ts'; // names real-one.ts",
      'const t = `${a} // inside a template ${b}`;',
      'const re = /\\/\\/ not a comment either/;',
      '/* block',
      '   names lib/x.ts */',
      'function f() { return `x${g({ y: 1 })}` } // after a template with braces',
    ].join('\n');
    expect(commentsOf(source, '.ts').map((c) => [c.line, c.text])).toEqual([
      [1, '// names real-one.ts'],
      [4, '/* block\n   names lib/x.ts */'],
      [6, '// after a template with braces'],
    ]);
  });

  it('reads -- and /* */ comments of SQL outside quoted strings', () => {
    const source = "select '-- not a comment', 'it''s' -- see private.sql\n/* and\n this.sql */ select 1;";
    expect(commentsOf(source, '.sql').map((c) => [c.line, c.text])).toEqual([
      [1, '-- see private.sql'],
      [2, '/* and\n this.sql */'],
    ]);
  });

  it('reads /* */ in CSS and # outside quotes in TOML', () => {
    expect(commentsOf('a { b: c } /* see theme.css */', '.css').map((c) => c.text)).toEqual(['/* see theme.css */']);
    expect(commentsOf('key = "a # b" # see deno.json\n# whole line', '.toml').map((c) => c.text)).toEqual(['# see deno.json', '# whole line']);
  });
});

describe('path-like names', () => {
  it('takes names with a folder and bare file names, with the line they are on', () => {
    expect(pathNamesIn('// see domain/deals.ts and ../docs/spec.md,\n// also `app.ts` (and routes.test.ts).')).toEqual([
      { name: 'domain/deals.ts', line: 0 },
      { name: '../docs/spec.md', line: 0 },
      { name: 'app.ts', line: 1 },
      { name: 'routes.test.ts', line: 1 },
    ]);
  });

  it('leaves out URLs, patterns, placeholders, calls, one-letter stems and product names', () => {
    const comment = [
      'https://github.com/org/repo/blob/main/src/file.ts',
      'features/*/components/*-page.tsx and *.test.ts',
      '`${name}.ts`, <name>-page.tsx, web-<hash>.js, GET /auth/v1/.well-known/jwks.json',
      'c.json, c.body, then.json() as a call',
      'Node.js, Stripe.js, postgres.js',
      'folder/ without a file, hono/body-limit, version 1.2.3',
    ].join('\n');
    expect(pathNamesIn(comment)).toEqual([]);
  });
});

describe('the check fails on a comment naming a missing file', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'comment-paths-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  };
  write('supabase/functions/api/app.ts', '// mounted from routes/mounts.ts; see routes.test.ts\nexport {};\n');
  write('supabase/functions/api/routes/mounts.ts', '// read by app.ts, with domain/deals.ts\nexport {};\n');
  write('supabase/functions/api/domain/deals.ts', '/* see the member list in ../routes/deals.ts */\nexport {};\n');
  write('web/src/lib/money.ts', '// shared with @shared/money.ts and lib/dates.ts\nexport {};\n');
  write('web/src/lib/dates.ts', '// nothing here\n');
  write('supabase/functions/_shared/money.ts', '// the one money module (web/src/lib/money.ts reads it)\n');
  write('supabase/migrations/20260101000000_a.sql', '-- replaces 20250101000000_gone.sql\n');
  write('docs/spec.md', '# spec\n');

  it('lists each comment naming a file that does not exist, and only those', () => {
    expect(findMissingNames(fixture)).toEqual([
      { file: 'supabase/functions/api/app.ts', line: 1, name: 'routes.test.ts' },
      { file: 'supabase/functions/api/domain/deals.ts', line: 1, name: '../routes/deals.ts' },
    ]);
  });

  it('resolves from the root, the file, the folders above it, the common roots and the aliases', () => {
    const repository = listRepository(fixture);
    expect(nameExists('routes/mounts.ts', 'supabase/functions/api/app.ts', repository)).toBe(true);
    expect(nameExists('domain/deals.ts', 'supabase/functions/api/routes/mounts.ts', repository)).toBe(true);
    expect(nameExists('lib/dates.ts', 'web/src/lib/money.ts', repository)).toBe(true);
    expect(nameExists('@shared/money.ts', 'web/src/lib/money.ts', repository)).toBe(true);
    expect(nameExists('docs/spec.md', 'supabase/functions/api/app.ts', repository)).toBe(true);
    expect(nameExists('.data/vapid-keys.json', 'local/main.ts', repository)).toBe(true);
    expect(nameExists('domain/session-cookie.ts', 'supabase/functions/api/app.ts', repository)).toBe(false);
    expect(nameExists('realtime-supabase.ts', 'supabase/functions/api/app.ts', repository)).toBe(false);
  });
});

describe('the repository', () => {
  // One walk for both tests: it reads every source file.
  const findings = findMissingNames(root);
  const listed = (list: typeof findings) => list.map((f) => `${f.file}:${f.line} names ${f.name}`);

  it('has no comment naming a missing file outside the API', () => {
    expect(listed(findings.filter((f) => !f.file.startsWith(API)))).toEqual([]);
  });

  it('has no comment naming a missing file in the API', () => {
    expect(listed(findings.filter((f) => f.file.startsWith(API)))).toEqual([]);
  });
});

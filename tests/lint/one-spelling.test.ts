import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// One spelling per concept (decision 178): the repository's own eslint config refuses a second base64url, hex
// or money formatter outside the one module, and lets that module (and tests' Buffer references) be.

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function rulesHit(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const secondBase64Url = `export const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
`;

describe('one spelling per concept', () => {
  it('fails a second base64url, in the API, the web app or a shared module', async () => {
    for (const path of ['supabase/functions/api/lib/second.ts', 'web/src/lib/second.ts', 'supabase/functions/_shared/second.ts']) {
      expect(await rulesHit(secondBase64Url, path)).toContain('one-spelling/encoding');
    }
  }, 60_000);

  it('fails each way of writing one by hand', async () => {
    const cases = [
      "export const a = (text: string) => atob(text);",
      "export const b = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');",
      "export const c = (text: string) => Buffer.from(text, 'base64');",
      "export const d = (text: string) => text.replace(/-/g, '+');",
      "export const e = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');",
    ];
    for (const code of cases) expect(await rulesHit(code, 'supabase/functions/api/lib/second.ts'), code).toContain('one-spelling/encoding');
  }, 60_000);

  it('fails money written by hand', async () => {
    const cases = [
      "export const a = (cents: number) => `$${(cents / 100).toFixed(2)}`;",
      "export const b = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);",
    ];
    for (const code of cases) expect(await rulesHit(code, 'web/src/features/second/money.ts'), code).toContain('one-spelling/money');
  }, 60_000);

  it('fails date-fns (one date stack)', async () => {
    expect(await rulesHit("import { format } from 'date-fns';\nexport const d = (x: Date) => format(x, 'MMM d');", 'web/src/features/second/d.ts')).toContain('one-spelling/dates');
  }, 60_000);

  it('lets the one module, tests comparing with Buffer, and non-money division be', async () => {
    expect(await rulesHit(secondBase64Url, 'supabase/functions/_shared/encoding.ts')).not.toContain('one-spelling/encoding');
    expect(await rulesHit("export const a = (t: string) => Buffer.from(t, 'base64url');", 'supabase/functions/api/lib/x.test.ts')).toEqual([]);
    expect(await rulesHit("export const p = (bps: number) => (bps / 100).toFixed(2);", 'supabase/functions/api/domain/x.ts')).toEqual([]);
    expect(await rulesHit("export const f = (path: string) => path.replace(/\\//g, '_');", 'scripts/x.ts')).toEqual([]);
  }, 60_000);
});

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

  it('fails basis points turned into percent by hand', async () => {
    const cases = [
      'export const a = (rewardRateBps: number) => `${rewardRateBps / 100}%`;',
      'export const b = (row: { charity_share_bps: number }) => (row.charity_share_bps / 100).toFixed(2);',
    ];
    for (const code of cases) expect(await rulesHit(code, 'web/src/features/second/rate.ts'), code).toContain('one-spelling/percent');
    expect(await rulesHit(cases[1], 'supabase/functions/api/domain/second.ts')).toContain('one-spelling/percent');
  }, 60_000);

  it('fails an ISO day or month cut from toISOString() by hand, in the API or the web app', async () => {
    const cases = [
      'export const a = (d: Date) => d.toISOString().slice(0, 10);',
      'export const b = (d: Date | string) => new Date(d).toISOString().slice(0, 7);',
      "export const c = (d: Date) => d.toISOString().split('T')[0];",
      'export const e = () => new Date().toISOString().substring(0, 10);',
    ];
    for (const path of ['supabase/functions/api/domain/second.ts', 'web/src/features/second/month.ts']) {
      for (const code of cases) expect(await rulesHit(code, path), `${path}: ${code}`).toContain('one-spelling/dates');
    }
  }, 60_000);

  it('lets the one module, tests comparing with Buffer, and non-money division be', async () => {
    expect(await rulesHit(secondBase64Url, 'supabase/functions/_shared/encoding.ts')).not.toContain('one-spelling/encoding');
    expect(await rulesHit("export const a = (t: string) => Buffer.from(t, 'base64url');", 'supabase/functions/api/lib/x.test.ts')).toEqual([]);
    // Basis points are not money (the percent rule has them).
    expect(await rulesHit("export const p = (bps: number) => (bps / 100).toFixed(2);", 'supabase/functions/api/domain/x.ts')).not.toContain('one-spelling/money');
    expect(await rulesHit("export const f = (path: string) => path.replace(/\\//g, '_');", 'scripts/x.ts')).toEqual([]);
    expect(await rulesHit('export const p = (bps: number) => `${bps / 100}%`;', 'supabase/functions/_shared/basis-points.ts')).toEqual([]);
    const isoCut = 'export const d = (x: Date) => x.toISOString().slice(0, 10);';
    expect(await rulesHit(isoCut, 'supabase/functions/_shared/iso-dates.ts')).not.toContain('one-spelling/dates');
    expect(await rulesHit(isoCut, 'supabase/functions/api/domain/x.test.ts')).toEqual([]);
    expect(await rulesHit('export const t = (x: Date) => x.toISOString();', 'supabase/functions/api/domain/x.ts')).toEqual([]);
  }, 60_000);
});

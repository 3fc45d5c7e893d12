// docs/reading-the-code.md names the member deal list's path from card to SQL: every file it names exists and
// holds the name given for it, and the path stays short (decision 179: twelve files at most).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs', 'reading-the-code.md'), 'utf8');
const pathSection = doc.slice(doc.indexOf('## The path'), doc.indexOf('## Around the path'));
/** The table's rows: | # | `file` | `name` | what it does | */
const steps = [...pathSection.matchAll(/^\| (\d+) \| `([^`]+)` \| `([^`]+)` \|/gm)].map((m) => ({ n: Number(m[1]), file: m[2]!, name: m[3]! }));

describe('docs/reading-the-code.md', () => {
  it('follows the member deal list from the card to the SQL in twelve files or fewer, numbered in order', () => {
    expect(steps.length).toBeGreaterThanOrEqual(8);
    expect(steps.length).toBeLessThanOrEqual(12);
    expect(steps.map((s) => s.n)).toEqual(steps.map((_, i) => i + 1));
    expect(new Set(steps.map((s) => s.file)).size).toBe(steps.length);
    expect(steps[0]!.file).toMatch(/card/);
    expect(steps.some((s) => s.file.endsWith('.sql'))).toBe(true);
    expect(doc).toContain(`in ${['', '', '', '', '', '', '', 'eight', 'nine', 'ten', 'eleven', 'twelve'][steps.length - 1]} files`);
  });

  it.each(steps.map((s) => [s.n, s.file, s.name] as const))('%i. %s exists and holds %s', (_n, file, name) => {
    expect(existsSync(join(root, file)), file).toBe(true);
    expect(readFileSync(join(root, file), 'utf8')).toContain(name);
  });
});

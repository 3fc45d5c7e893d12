import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// `npm run lint` is eslint (with import-x/no-cycle) and knip (unused files, exports, dependencies). These run
// both on small fixtures (ignored by the repository's own lint) and expect each to refuse what it must.

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (path: string) => fileURLToPath(new URL(`./fixtures/${path}`, import.meta.url));

describe('npm run lint', () => {
  it('fails on an import cycle', async () => {
    const eslint = new ESLint({ cwd: root, ignore: false });
    const results = await eslint.lintFiles([fixture('cycle/a.ts'), fixture('cycle/b.ts')]);
    const cycles = results.flatMap((result) => result.messages).filter((message) => message.ruleId === 'import-x/no-cycle');
    expect(cycles.length).toBeGreaterThanOrEqual(1);
    expect(cycles.every((message) => message.severity === 2)).toBe(true);
  }, 60_000);

  it('fails on an unused export', () => {
    const knip = spawnSync(process.execPath, [join(root, 'node_modules/knip/bin/knip.js'), '--directory', fixture('unused-export'), '--no-progress'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(knip.stdout).toContain('nobodyImportsThis');
    expect(knip.stdout).not.toContain(' used ');
    expect(knip.status).toBe(1);
  }, 60_000);
});

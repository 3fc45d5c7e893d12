// The quality budgets of issue 7/7 as a benchmark: initial JS, precache and Lighthouse (mobile performance
// and accessibility) of the built app, every budget gating (scripts/quality-budgets.ts; needs `npm run build`).
// `npm test` runs the same script but only reports Lighthouse performance, which moves with the machine's load.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function bench() {
  const root = join(import.meta.dirname, '..');
  const result = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/quality-budgets.ts'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`quality budgets missed (exit ${result.status})`);
}

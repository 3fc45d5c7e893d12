#!/usr/bin/env node
// `npm run test:deno`: the Edge Function entry under real Deno (the npm `deno` package): it serves the API
// with its required environment, and refuses to start, naming the variable, without it (tests/deno/).
// The same files also run inside `npm test`'s unit step.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const result = spawnSync(join(root, 'node_modules', '.bin', 'vitest'), ['run', 'tests/deno', '--maxWorkers=1', ...process.argv.slice(2)], {
  cwd: root, stdio: 'inherit',
});
process.exit(result.status ?? 1);

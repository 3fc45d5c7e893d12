// `npm run bench`: runs every benchmark module in this folder (or those named: `npm run bench -- deals`).
// Each module exports `bench()`, which seeds what it needs and prints its figures. Budgets are
// checked here, not in timed unit tests. BENCH_DATABASE_URL selects a PostgreSQL server; else PGlite.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Options (`--url=...`) are for the modules themselves (bench/phone.ts), not module names.
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const modules = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && !['run.ts'].includes(f) && !f.startsWith('_') && !f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => !wanted.length || wanted.includes(name));

let failures = 0;
for (const name of modules) {
  const mod = await import(pathToFileURL(join(import.meta.dirname, `${name}.ts`)).href);
  const bench = mod.bench ?? mod.default;
  if (typeof bench !== 'function') continue;
  console.log(`\n=== bench: ${name} (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}) ===`);
  try {
    await bench();
  } catch (error) {
    failures++;
    console.error(`bench ${name} failed:`, error);
  }
}
process.exit(failures ? 1 : 0);

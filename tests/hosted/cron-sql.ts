// The operator's Cron SQL (docs/operating.md, "Deploying to Supabase", step 9), read the way the hosted rehearsal runs
// it and the way tests/hosted/cron-sql.test.ts checks it (decision 194). One reader, so the SQL the test approves is
// the SQL the rehearsal runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
/** The documents an operator copies Cron SQL from. */
export const CRON_DOCUMENTS = ['README.md', 'docs/operating.md'] as const;

export interface CronJob {
  name: string;
  schedule: string;
  /** The text between the $$ quotes, as pg_cron stores it in cron.job.command. */
  command: string;
}

export const readDocument = (path: string) => readFileSync(join(root, path), 'utf8');

/** Step 9 of the operator's guide: from its title to the next step. */
export function scheduledCallsStep(guide = readDocument('docs/operating.md')): string {
  const start = guide.indexOf('**Scheduled calls.**');
  if (start < 0) throw new Error('docs/operating.md has no "Scheduled calls." step');
  const end = guide.indexOf('\nNot verified here without a hosted project', start);
  return guide.slice(start, end < 0 ? undefined : end);
}

/** The ```sql blocks of a text, in order, with the list indentation taken off. */
export function sqlBlocks(text: string): string[] {
  return [...text.matchAll(/^( *)```sql\n([\s\S]*?)^\1```/gm)].map(([, indent, body]) =>
    body!.split('\n').map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line)).join('\n'));
}

/**
 * The statements of some SQL, split at top-level semicolons (outside quotes, $$ bodies and -- comments), each
 * without its comment lines; empty ones left out.
 */
export function statements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      continue;
    }
    const close = sql.startsWith('$$', i) ? sql.indexOf('$$', i + 2) + 2 : sql[i] === "'" ? quoteEnd(sql, i) : -1;
    if (close > i) {
      current += sql.slice(i, close);
      i = close;
      continue;
    }
    if (sql[i] === ';') {
      if (current.trim()) out.push(current.trim());
      current = '';
    } else {
      current += sql[i];
    }
    i += 1;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** The index after the string literal that opens at `start` ('' inside it is a quote). */
function quoteEnd(sql: string, start: number): number {
  for (let i = start + 1; i < sql.length; i++) {
    if (sql[i] !== "'") continue;
    if (sql[i + 1] === "'") i += 1;
    else return i + 1;
  }
  return sql.length;
}

/** The operator's Cron SQL as statements, in the guide's order. */
export const operatorCronStatements = (guide?: string) => sqlBlocks(scheduledCallsStep(guide)).flatMap(statements);

const SCHEDULE = String.raw`cron\.schedule\(\s*'([^']+)'\s*,\s*'([^']+)'\s*,\s*\$\$([\s\S]*?)\$\$\s*\)`;

/**
 * Every `cron.schedule(...)` in a text. A call not written as (name, schedule, $$ command $$) is returned in
 * `unreadable`, so a job cannot slip past the checks by being written another way.
 */
export function cronJobs(text: string): { jobs: CronJob[]; unreadable: string[] } {
  const jobs: CronJob[] = [];
  const unreadable: string[] = [];
  for (const call of text.matchAll(/cron\.schedule\(/g)) {
    const job = new RegExp(SCHEDULE, 'y');
    job.lastIndex = call.index;
    const found = job.exec(text);
    if (found) jobs.push({ name: found[1]!, schedule: found[2]!, command: found[3]! });
    else unreadable.push(text.slice(call.index, call.index + 100));
  }
  return { jobs, unreadable };
}

/** The argument lists of every pg_net call (net.http_get/post/delete) in a command, each from its "(" to its ")". */
export function pgNetCalls(command: string): string[] {
  const calls: string[] = [];
  for (const match of command.matchAll(/net\.http_(?:get|post|delete)\s*\(/g)) {
    let depth = 0;
    for (let i = match.index! + match[0].length - 1; i < command.length; i++) {
      if (command[i] === '(') depth += 1;
      if (command[i] === ')') depth -= 1;
      if (depth === 0) {
        calls.push(command.slice(match.index!, i + 1));
        break;
      }
    }
  }
  return calls;
}

/** The pg_net calls of a command that leave pg_net's timeout at its default. */
export const callsWithoutTimeout = (command: string) => pgNetCalls(command).filter((call) => !/\btimeout_milliseconds\s*:=/.test(call));

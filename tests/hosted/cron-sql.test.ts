// The rules of the operator's Cron SQL (decision 194), over every cron.schedule(...) in README.md and
// docs/operating.md, so a job added later (by any feature) is held to them too: pg_net in the schema extensions, an
// explicit pg_net timeout on every call, secrets from Vault, the run history purged after 7 days. The hosted
// rehearsal then runs the same SQL on a real pg_cron (tests/hosted/cron-rehearsal.ts).
import { describe, expect, it } from 'vitest';
import {
  CRON_DOCUMENTS, callsWithoutTimeout, cronJobs, operatorCronStatements, pgNetCalls, readDocument, scheduledCallsStep, sqlBlocks, statements,
} from './cron-sql.ts';

const documents = CRON_DOCUMENTS.map((path) => ({ path, text: readDocument(path) }));
const allJobs = documents.flatMap(({ path, text }) => cronJobs(text).jobs.map((job) => ({ ...job, path })));

describe("the operator's Cron SQL", () => {
  it('writes every cron.schedule call as (name, schedule, $$ command $$), so the checks below read each one', () => {
    expect(documents.map(({ path, text }) => ({ path, unreadable: cronJobs(text).unreadable })))
      .toEqual(documents.map(({ path }) => ({ path, unreadable: [] })));
    expect(allJobs.length).toBeGreaterThanOrEqual(7);
    const names = allJobs.map((job) => job.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i), 'job names are unique: cron.schedule replaces a job of the same name').toEqual([]);
  });

  it('names the pg_net timeout on every call of every job', () => {
    expect(allJobs.filter((job) => pgNetCalls(job.command).length).length).toBeGreaterThanOrEqual(4);
    const missing = allJobs.flatMap((job) => callsWithoutTimeout(job.command).map(() => `${job.path}: ${job.name}`));
    expect(missing, 'add timeout_milliseconds := <ms> to these net.http_* calls').toEqual([]);
  });

  it('reads every secret and the API address from Vault, never from the job text', () => {
    for (const job of allJobs.filter((candidate) => pgNetCalls(candidate.command).length)) {
      expect(job.command, job.name).toContain("(select decrypted_secret from vault.decrypted_secrets where name = 'api_url')");
      expect(job.command, job.name).not.toMatch(/'<[A-Za-z_]+|https?:\/\//);
    }
    const step = scheduledCallsStep();
    expect(step).toMatch(/vault\.create_secret\('<MAIL_DRAIN_SECRET>', 'mail_drain_secret'\)/);
  });

  it("calls every scheduled route of the API's jobs (promise deadlines, referral rewards, …) from one job of docs/operating.md", () => {
    // A route added to supabase/functions/api/jobs/router.ts runs hosted only once a Cron job calls it.
    const routes = [...readDocument('supabase/functions/api/jobs/router.ts').matchAll(/internalRoutes\.post\('\/([a-z-]+)'/g)].map((m) => m[1]!);
    expect(routes).toEqual(expect.arrayContaining(['promise-deadlines', 'referral-rewards']));
    const operatorJobs = cronJobs(scheduledCallsStep()).jobs;
    for (const route of routes) {
      const callers = operatorJobs.filter((job) => job.command.includes(`|| '/internal/${route}'`));
      expect(callers.map((job) => job.name), route).toEqual([route]);
    }
    // The 7-day referral check and the promise's 72 hours need no more than an hourly run.
    for (const name of ['promise-deadlines', 'referral-rewards']) {
      expect(operatorJobs.find((job) => job.name === name)?.schedule, name).toMatch(/^\d+ \* \* \* \*$/);
    }
  });

  it('creates pg_net in the schema extensions, never in public', () => {
    const creates = documents.flatMap(({ text }) => sqlBlocks(text).flatMap(statements))
      .filter((statement) => /create\s+extension[\s\S]*\bpg_net\b/i.test(statement));
    expect(creates.length).toBeGreaterThan(0);
    for (const create of creates) expect(create).toMatch(/\bwith\s+schema\s+extensions$/i);
    expect(operatorCronStatements()).toContain('create extension if not exists pg_net with schema extensions');
  });

  it("purges pg_cron's run history older than 7 days, daily", () => {
    const purges = allJobs.filter((job) => /delete\s+from\s+cron\.job_run_details/i.test(job.command));
    expect(purges).toHaveLength(1);
    expect(purges[0]!.command).toMatch(/where\s+end_time\s*<\s*now\(\)\s*-\s*interval\s+'7 days'/i);
    expect(purges[0]!.schedule).toMatch(/^\d+ \d+ \* \* \*$/);
  });
});

describe('the reader of that SQL', () => {
  it('refuses a job whose pg_net call keeps the default timeout, and one written another way', () => {
    const text = [
      "select cron.schedule('ok', '* * * * *', $$ select net.http_post(url := 'x', timeout_milliseconds := 1000) $$);",
      "select cron.schedule('bare', '* * * * *', $$ select net.http_post(url := 'x', headers := jsonb_build_object('a', 'b')) $$);",
      "select cron.schedule('quoted', '* * * * *', 'select 1');",
    ].join('\n');
    const { jobs, unreadable } = cronJobs(text);
    expect(jobs.map((job) => [job.name, callsWithoutTimeout(job.command).length])).toEqual([['ok', 0], ['bare', 1]]);
    expect(unreadable).toEqual([expect.stringContaining("'quoted'")]);
  });

  it('splits statements at top-level semicolons only', () => {
    expect(statements("-- a comment; with a semicolon\nselect 'a;b';\nselect cron.schedule('j', '1 * * * *', $$ select 1; select 2 $$);"))
      .toEqual(["select 'a;b'", "select cron.schedule('j', '1 * * * *', $$ select 1; select 2 $$)"]);
  });
});

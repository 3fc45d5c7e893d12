// The Cron part of the hosted rehearsal (decision 194): the operator's Cron SQL (docs/operating.md, step 9, read by
// ./cron-sql.ts) run as written on a real pg_cron (Debian's postgresql-15-cron, preloaded by scripts/ci-postgres.sh),
// in a copy of the pushed project, then every job run by pg_cron itself and its outcome read in cron.job_run_details.
//
// Stand-ins, each as on a hosted project: the server's superuser creates the extensions the way supautils does for
// the project's postgres (then Supabase's after-create grants of pg_cron); pg_net is ./pg-net-double (installed into
// the server's extension directory: Debian has no pg_net), which records each request in net.http_request_queue
// instead of sending it; Vault is supabase-baseline.sql's. pg_cron's launcher stays connected to its one database
// (cron.database_name): the project is pushed a second time into that database (emptied in place: dropping it would
// end the launcher), so the RLS tests' template stays free to copy.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { cronJobs, operatorCronStatements, type CronJob } from './cron-sql.ts';
import { REHEARSAL_ROLE, rehearsalUrl } from './names.ts';

const quiet = { max: 1, onnotice: () => {} } as const;
/** The project ref the rehearsal fills in for the guide's <ref>. */
const REF = 'rehearsal0000000000x';
/** The guide's fill-ins: <ref>, and each '<...>' secret of the Vault step, with a throwaway value of its own. */
const fillIn = (statement: string) => statement.replaceAll('<ref>', REF)
  .replace(/'<([^'>]+)>'/g, (_, name: string) => `'rehearsal-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}'`);

export interface CronRehearsal {
  database: string;
  jobs: (CronJob & { jobid: number; ranSchedule: string })[];
  since: Date;
}

/**
 * Schedules the operator's jobs, then makes each due every minute so that pg_cron runs all of them (pg_cron runs
 * at most once a minute here). Returns undefined when the server has no pg_cron, unless REHEARSAL_CRON=required.
 */
export async function scheduleOperatorJobs(superUrl: string, makeProject: (database: string) => Promise<void>): Promise<CronRehearsal | undefined> {
  const server = postgres(superUrl, quiet);
  let database: string;
  try {
    const [settings] = await server<{ preload: string; database: string | null }[]>`
      select current_setting('shared_preload_libraries') as preload, current_setting('cron.database_name', true) as database`;
    if (!/\bpg_cron\b/.test(settings.preload) || !settings.database) {
      const why = 'the server does not preload pg_cron (scripts/ci-postgres.sh does when Debian\'s postgresql-15-cron is installed)';
      if (process.env.REHEARSAL_CRON === 'required') throw new Error(`hosted rehearsal: REHEARSAL_CRON=required, but ${why}`);
      console.log(`hosted rehearsal: Cron part skipped: ${why}`);
      return undefined;
    }
    database = settings.database;
    const [{ sharedir }] = await server<{ sharedir: string }[]>`select setting as sharedir from pg_config where name = 'SHAREDIR'`;
    installPgNetDouble(join(sharedir, 'extension'));
  } finally {
    await server.end();
  }
  await makeProject(database);

  const statements = operatorCronStatements().map(fillIn);
  const admin = postgres(rehearsalUrl(superUrl, { superuser: true, database }), quiet);
  const project = postgres(rehearsalUrl(superUrl, { database }), quiet);
  try {
    // supautils runs a privileged extension's CREATE EXTENSION as the superuser, then Supabase's after-create script
    // (https://github.com/supabase/postgres/blob/develop/ansible/files/postgresql_extension_custom_scripts/pg_cron/after-create.sql).
    // That script ends with pg_cron in pg_catalog (it drops and re-creates it there): created there at once here, as
    // pg_cron's launcher does not see the jobs of an extension re-created while it runs.
    for (const statement of statements.filter(isCreateExtension)) {
      await admin.unsafe(/\bpg_cron\b/.test(statement) ? 'create extension if not exists pg_cron schema pg_catalog' : statement);
    }
    await admin.unsafe(`
      grant usage on schema cron to ${REHEARSAL_ROLE} with grant option;
      grant all on all functions in schema cron to ${REHEARSAL_ROLE} with grant option;
      grant all privileges on all tables in schema cron to ${REHEARSAL_ROLE} with grant option;
      revoke all on table cron.job from ${REHEARSAL_ROLE};
      grant select on table cron.job to ${REHEARSAL_ROLE} with grant option;`);
    const [{ version }] = await admin<{ version: string }[]>`select extversion as version from pg_extension where extname = 'pg_cron'`;
    const [{ schema }] = await admin<{ schema: string }[]>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_net'`;
    if (schema !== 'extensions') throw new Error(`pg_net was created in ${schema}, not in extensions`);

    // The rest as the project's postgres, in the guide's order. pg_cron before 1.5 (Debian bookworm's 1.4) has no
    // schedules in seconds: such a job is scheduled every minute instead, and said so.
    const secondsLater = Number(version.split('.')[0]) > 1 || Number(version.split('.')[1]) >= 5;
    const adapted = new Map<string, string>();
    for (const statement of statements.filter((s) => !isCreateExtension(s))) {
      const [job] = cronJobs(statement).jobs;
      if (job && /^\d+ seconds$/.test(job.schedule) && !secondsLater) {
        adapted.set(job.name, job.schedule);
        await project.unsafe(statement.replace(`'${job.schedule}'`, `'* * * * *'`));
      } else {
        await project.unsafe(statement);
      }
    }
    for (const [name, schedule] of adapted) console.log(`hosted rehearsal: pg_cron ${version} has no '${schedule}' schedules: ${name} scheduled every minute here`);

    // What was scheduled is what the guide says, as the project's role, in this database.
    const documented = cronJobs(statements.join(';\n')).jobs;
    const scheduled = await project<{ jobid: number; jobname: string; schedule: string; command: string; username: string; database: string }[]>`
      select jobid::int as jobid, jobname, schedule, command, username, database from cron.job order by jobid`;
    const expected = documented.map((job) => ({ jobname: job.name, schedule: adapted.has(job.name) ? '* * * * *' : job.schedule, command: job.command, username: REHEARSAL_ROLE, database }));
    const got = scheduled.map(({ jobid: _, ...rest }) => rest);
    if (JSON.stringify(got) !== JSON.stringify(expected)) {
      throw new Error(`cron.job differs from docs/operating.md:\n${JSON.stringify({ expected, got }, null, 2)}`);
    }

    // A run history row older than 7 days and a recent one, for the purge job to keep or drop.
    await admin.unsafe(`
      insert into cron.job_run_details (jobid, job_pid, database, username, command, status, return_message, start_time, end_time)
      values (0, 0, '${database}', '${REHEARSAL_ROLE}', 'old', 'succeeded', 'rehearsal: 8 days old', now() - interval '8 days', now() - interval '8 days'),
             (0, 0, '${database}', '${REHEARSAL_ROLE}', 'recent', 'succeeded', 'rehearsal: 6 days old', now() - interval '6 days', now() - interval '6 days')`);
    // Every job due each minute, so pg_cron runs each one while the rest of the rehearsal goes on.
    const since = new Date();
    for (const job of scheduled) await project`select cron.alter_job(${job.jobid}, schedule := '* * * * *')`;
    console.log(`hosted rehearsal: ${scheduled.length} Cron jobs scheduled by ${REHEARSAL_ROLE} on pg_cron ${version} in ${database} (pg_net in extensions); each now runs at the next minute`);
    return {
      database,
      since,
      jobs: scheduled.map((row, i) => ({ ...documented[i]!, jobid: row.jobid, ranSchedule: '* * * * *' })),
    };
  } finally {
    await Promise.all([admin.end(), project.end()]);
  }
}

const isCreateExtension = (statement: string) => /^create\s+extension\b/i.test(statement);

/** Puts ./pg-net-double into the server's extension directory (pg_net.control and its script), when it differs. */
function installPgNetDouble(extensionDir: string) {
  for (const file of ['pg_net.control', 'pg_net--rehearsal.sql']) {
    const text = readFileSync(join(import.meta.dirname, 'pg-net-double', file), 'utf8');
    const target = join(extensionDir, file);
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    try {
      writeFileSync(target, text);
    } catch (error) {
      throw new Error(`hosted rehearsal: cannot write the pg_net double into ${extensionDir} (${(error as Error).message}); run as root, or copy tests/hosted/pg-net-double/* there`, { cause: error });
    }
  }
}

/**
 * Waits until pg_cron has run every job (at most ~2 minutes: it runs them at the start of a minute), then checks
 * each run succeeded, what the pg_net calls asked for (their url, secret header and explicit timeout), and that the
 * purge kept 7 days of history. Then unschedules the jobs, so pg_cron idles for the rest of CI.
 */
export async function checkOperatorJobs(superUrl: string, rehearsal: CronRehearsal): Promise<void> {
  const admin = postgres(rehearsalUrl(superUrl, { superuser: true, database: rehearsal.database }), quiet);
  try {
    type Run = { jobid: number; status: string; return_message: string | null };
    let runs: Run[] = [];
    const deadline = Date.now() + 130_000;
    for (;;) {
      runs = await admin<Run[]>`
        select distinct on (jobid) jobid::int as jobid, status, return_message from cron.job_run_details
         where start_time >= ${rehearsal.since} and status in ('succeeded', 'failed') and jobid > 0
         order by jobid, start_time`;
      if (runs.length >= rehearsal.jobs.length || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const outcome = rehearsal.jobs.map((job) => {
      const run = runs.find((r) => r.jobid === job.jobid);
      return { job: job.name, status: run?.status ?? 'did not run', message: run?.status === 'succeeded' ? undefined : run?.return_message ?? undefined };
    });
    const failed = outcome.filter((o) => o.status !== 'succeeded');
    if (failed.length) throw new Error(`Cron jobs that did not succeed on pg_cron:\n${JSON.stringify(failed, null, 2)}`);

    // What pg_net was asked to do: for each call of each job, its url, its secret header and its explicit timeout.
    const requests = await admin<{ url: string; headers: Record<string, string>; timeout: number }[]>`
      select url, headers, timeout_milliseconds as timeout from net.http_request_queue order by id`;
    const api = `https://${REF}.supabase.co/functions/v1/api`;
    const vault = new Map((await admin<{ name: string; value: string }[]>`
      select name, decrypted_secret as value from vault.decrypted_secrets`).map((row) => [row.name, row.value]));
    for (const job of rehearsal.jobs) {
      const path = job.command.match(/'api_url'\)\s*\|\|\s*'([^']+)'/)?.[1];
      if (!path) continue;
      const timeout = Number(job.command.match(/timeout_milliseconds\s*:=\s*(\d+)/)?.[1]);
      const request = requests.find((r) => r.url === `${api}${path}`);
      if (!request) throw new Error(`Cron job ${job.name} asked pg_net for no request to ${api}${path}`);
      if (request.timeout !== timeout || !(timeout > 0)) throw new Error(`Cron job ${job.name}: pg_net timeout ${request.timeout}, the guide says ${timeout}`);
      // Each secret the job reads from Vault (other than the address) reaches the request's headers.
      const secrets = [...job.command.matchAll(/where name = '([^']+)'/g)].map((m) => m[1]!).filter((name) => name !== 'api_url');
      const headerValues = Object.values(request.headers).join('\n');
      const missing = secrets.filter((name) => !vault.get(name) || !headerValues.includes(vault.get(name)!));
      if (missing.length) throw new Error(`Cron job ${job.name}: its request does not carry ${missing.join(', ')} from Vault`);
    }
    const history = await admin<{ command: string }[]>`select command from cron.job_run_details where jobid = 0 order by command`;
    if (history.map((h) => h.command).join() !== 'recent') throw new Error(`the purge job kept ${JSON.stringify(history)}: it must drop runs older than 7 days only`);

    for (const job of rehearsal.jobs) await admin`select cron.unschedule(${job.jobid}::bigint)`;
    console.log(`hosted rehearsal: pg_cron ran all ${rehearsal.jobs.length} jobs (${outcome.map((o) => o.job).join(', ')}): succeeded; `
      + `pg_net got ${requests.length} requests, each with the guide's timeout and its secret from Vault; the run history keeps 7 days`);
  } finally {
    await admin.end();
  }
}

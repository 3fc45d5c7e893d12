// The local runner's scheduled jobs as the console sees them (decision 195): each loop of local/main.ts runs its
// work through `track`, which notes when it started and ended and how. Hosted, pg_cron keeps this in
// cron.job_run_details instead (private.cron_job_runs); this registry then stays empty.

interface JobRun {
  name: string;
  /** How often the job is meant to run, in words (the Cron schedule's counterpart). */
  schedule: string;
  intervalMs: number;
  lastStartedAt: number | null;
  lastEndedAt: number | null;
  lastOutcome: 'succeeded' | 'failed' | 'running' | null;
  /** The failure's kind (an error's name), never its message. */
  lastMessage: string | null;
  failures: { at: number }[];
}

const DAY_MS = 86_400_000;

const everyWords = (ms: number) =>
  ms % 3_600_000 === 0 ? `every ${ms / 3_600_000} h` : ms % 60_000 === 0 ? `every ${ms / 60_000} min` : `every ${ms / 1000} s`;

export class JobRuns {
  private jobs = new Map<string, JobRun>();

  constructor(private readonly now: () => number = Date.now) {}

  /** `work` wrapped so that each run is noted under `name` (meant to run every intervalMs). */
  track<T>(name: string, intervalMs: number, work: () => Promise<T>): () => Promise<T> {
    const job: JobRun = {
      name, schedule: everyWords(intervalMs), intervalMs, lastStartedAt: null, lastEndedAt: null, lastOutcome: null, lastMessage: null, failures: [],
    };
    this.jobs.set(name, job);
    return async () => {
      job.lastStartedAt = this.now();
      job.lastOutcome = 'running';
      try {
        const result = await work();
        job.lastOutcome = 'succeeded';
        job.lastMessage = null;
        return result;
      } catch (error) {
        job.lastOutcome = 'failed';
        job.lastMessage = error instanceof Error ? error.name : 'error';
        job.failures.push({ at: this.now() });
        throw error;
      } finally {
        job.lastEndedAt = this.now();
        const dayAgo = this.now() - DAY_MS;
        job.failures = job.failures.filter((f) => f.at > dayAgo);
      }
    };
  }

  list(): JobRun[] {
    return [...this.jobs.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}

/**
 * Runs `work` every intervalMs until the returned stop is called: the local runner's loops (hosted, Supabase Cron
 * calls the same work). With `jobs`, each run is noted under the Cron job's `name` for the console. A failure is
 * logged by its kind only (its message may hold data) and the next tick tries again.
 */
export function everyInterval(name: string, intervalMs: number, work: () => Promise<unknown>, jobs?: JobRuns, options: { atStart?: boolean } = {}): () => void {
  const run = jobs ? jobs.track(name, intervalMs, work) : work;
  const tick = () => {
    run().catch((error: unknown) => console.warn(`${name}: ${(error as Error).name}`));
  };
  // A job whose work readers need from the first request (the kept open-now answers) runs once at start as well.
  if (options.atStart) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

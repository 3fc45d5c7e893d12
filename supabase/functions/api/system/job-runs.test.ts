import { describe, expect, it } from 'vitest';
import { everyInterval, JobRuns } from './job-runs.ts';

describe('everyInterval', () => {
  it('runs a job at start only when asked, noting that run under its name', async () => {
    const jobs = new JobRuns();
    let atStart = 0;
    let later = 0;
    const stopAtStart = everyInterval('open-states', 60_000, async () => { atStart++; }, jobs, { atStart: true });
    const stopLater = everyInterval('system-check', 60_000, async () => { later++; }, jobs);
    await new Promise((resolve) => setTimeout(resolve, 10));
    stopAtStart();
    stopLater();
    expect(atStart).toBe(1);
    expect(later).toBe(0);
    const byName = Object.fromEntries(jobs.list().map((job) => [job.name, job]));
    expect(byName['open-states']!.lastOutcome).toBe('succeeded');
    expect(byName['system-check']!.lastStartedAt).toBeNull();
  });
});

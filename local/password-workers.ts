// bcrypt off the event loop for the local runner (issue 28, decision 175): a pool of worker threads (cores − 1,
// at least 1) with a bounded queue. Past the queue, 503 with Retry-After: a flood of sign-ins or resets waits its
// turn or is refused, and every other request (the deal list, the counter) keeps its normal latency.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PasswordHasher } from '../supabase/functions/api/auth/password.ts';
import { ServiceBusy } from '../supabase/functions/api/http/http-error.ts';

export const PASSWORD_QUEUE_FULL_MESSAGE = 'The server is busy checking passwords. Please try again in a few seconds.';

// CommonJS, evaluated: no loader needed for TypeScript (tsx, vitest) to start it.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash' ? bcrypt.hashSync(job.password, job.rounds) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ id: job.id, result });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String(error && error.message || error) });
  }
});
`;

type JobInput = { op: 'hash'; password: string; rounds: number } | { op: 'compare'; password: string; hash: string };
type Job = JobInput & { id: number };
interface Pending { job: Job; resolve(value: unknown): void; reject(error: Error): void }

export interface PasswordWorkers extends PasswordHasher {
  readonly size: number;
  /** Jobs waiting for a worker (not counting those running). */
  queued(): number;
  close(): Promise<void>;
}

export function startPasswordWorkers(options: { size?: number; maxQueue?: number; retryAfterSeconds?: number } = {}): PasswordWorkers {
  const size = options.size ?? Math.max(1, availableParallelism() - 1);
  // About 2 s of work per worker at 10 rounds (~90 ms each), then refuse.
  const maxQueue = options.maxQueue ?? size * 24;
  const retryAfterSeconds = options.retryAfterSeconds ?? 2;
  const bcryptPath = createRequire(import.meta.url).resolve('bcryptjs');
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const running = new Map<Worker, Pending>();
  let nextId = 1;

  const dispatch = () => {
    while (idle.length && queue.length) {
      const worker = idle.pop()!;
      const pending = queue.shift()!;
      running.set(worker, pending);
      worker.postMessage(pending.job);
    }
  };
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath } });
    worker.unref();
    worker.on('message', (message: { result?: unknown; error?: string }) => {
      const pending = running.get(worker);
      running.delete(worker);
      idle.push(worker);
      if (pending) {
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve(message.result);
      }
      dispatch();
    });
    worker.on('error', (error) => {
      const pending = running.get(worker);
      running.delete(worker);
      pending?.reject(error);
    });
    idle.push(worker);
    return worker;
  });

  function run<T>(job: JobInput): Promise<T> {
    if (queue.length >= maxQueue && idle.length === 0) {
      return Promise.reject(new ServiceBusy(PASSWORD_QUEUE_FULL_MESSAGE, retryAfterSeconds));
    }
    return new Promise<T>((resolve, reject) => {
      queue.push({ job: { ...job, id: nextId++ }, resolve: resolve as (v: unknown) => void, reject });
      dispatch();
    });
  }

  return {
    size,
    queued: () => queue.length,
    hash: (password, rounds) => run<string>({ op: 'hash', password, rounds }),
    compare: (password, hash) => run<boolean>({ op: 'compare', password, hash }),
    async close() {
      for (const pending of queue.splice(0)) pending.reject(new Error('Password workers closed'));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

import { spawn } from 'node:child_process';

export interface EntryRun {
  /** The exit code: 1 when the entry refused to start; null when it was stopped (it started). */
  code: number | null;
  /** Everything it printed, stdout and stderr together. */
  output: string;
}

/**
 * Runs an entry (the local runner, the deployed function under Deno) to see whether it starts: resolves with its
 * exit code and output once it exits, stopping it (SIGTERM) as soon as it prints `ready`, or killing it after 60 s.
 */
export function runEntry(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: string },
): Promise<EntryRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (d: Buffer) => {
      output += d;
      if (output.includes(options.ready)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, output }); });
  });
}

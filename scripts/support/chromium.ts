// What the quality budgets (scripts/quality-budgets.ts) and the phone bench (bench/phone.ts) both do to measure the
// built app in Chromium: the same browser with the same flags, Lighthouse's DevTools port, a free port for the
// local runner, and the member's session cookie.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'];

/** Playwright's launch options for the same Chromium (Playwright adds its own headless flag). */
export const playwrightChromium = { executablePath: chromiumPath, args: chromiumFlags.filter((flag) => flag !== '--headless') };

/** A port nobody listens on (several checkouts may run servers on this machine at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A Chromium with a DevTools port for Lighthouse, started with the project's flags, in a throwaway profile. */
export async function startDebugChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'paylocal-lh-'));
  const child = spawn(chromiumPath, [...chromiumFlags, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Chromium did not open a DevTools port')), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', () => reject(new Error(`Chromium exited: ${text.slice(-500)}`)));
  });
  return {
    port,
    close: async () => {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
      // Chromium's helper processes may still be writing the profile for a moment after it exits.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // a leftover temporary folder is not worth failing a measurement over
      }
    },
  };
}

/** Signs the member in on a running server; the session cookie, as a Cookie header's value. */
export async function memberCookie(base: string, member: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(member),
  });
  if (!res.ok) throw new Error(`member sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { depsFromEnv } from '../../supabase/functions/api/adapters.ts';
import { parseApiEnv } from '../../supabase/functions/api/env.ts';
import { createApp, type AppDeps } from '../../supabase/functions/api/app.ts';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { openTestDatabase } from './test-database.ts';
import { TEST_ADMIN } from './constants.ts';
import { figuresWriter, JobRuns } from '../../supabase/functions/api/system/index.ts';
import { RequestFigures } from '../../supabase/functions/api/http/request-guards.ts';

// Test agents stand behind one trusted proxy: their X-Forwarded-For is their address (http/request-guards.ts).
// The seeded accounts sign in many times in one file: the 10-session limit is lifted here and tested on its own
// (auth/sessions.test.ts), as the per-address limits are for the end-to-end journeys.
export const TEST_ENV = { ADMIN_EMAIL: TEST_ADMIN.email, BCRYPT_ROUNDS: '4', TRUSTED_PROXY_HOPS: '1', SESSIONS_PER_ACCOUNT: '1000' };

export interface Credentials { email: string; password: string }

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: OpenedDatabase;
  deps: AppDeps;
  /** A browser-like client with its own cookie jar. */
  agent(ip?: string): Agent;
  /** A new agent (from `ip`) signed in as `account`. */
  signIn(account: Credentials, ip?: string): Promise<Agent>;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}, patch: (deps: AppDeps) => AppDeps = (d) => d): Promise<TestApp> {
  const database = await openTestDatabase();
  // Each test app writes its mail to a fresh folder (read it with tests/support/mail.ts).
  const mailDir = env.MAIL_DIR ?? mkdtempSync(join(tmpdir(), 'paylocal-mail-'));
  // Silent request lines by default (a line per request would bury the test output); a test that reads them patches
  // requestLog (http/request-id.test.ts). The console's request figures are written only when a test asks
  // (system/system.test.ts), never on their own in the middle of another test.
  const deps = patch({
    ...depsFromEnv(parseApiEnv({ ...TEST_ENV, MAIL_DIR: mailDir, ...env }), database.db),
    requestLog: () => {},
    monitor: { stats: new RequestFigures({ write: figuresWriter(database.db) }), jobs: new JobRuns() },
  });
  const app = createApp(deps);
  const signIn = async (account: Credentials, ip?: string) => {
    const agent = new Agent(app, ip);
    await agent.login(account.email, account.password);
    return agent;
  };
  return { app, database, deps, agent: (ip) => new Agent(app, ip), signIn, close: () => database.close() };
}

export interface AgentResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class Agent {
  private cookies = new Map<string, string>();
  constructor(private app: ReturnType<typeof createApp>, private ip = '203.0.113.7') {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<AgentResponse<T>> {
    const init: RequestInit = { method, headers: { 'x-forwarded-for': this.ip, ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    if (this.cookies.size) {
      (init.headers as Record<string, string>).cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const res = await this.app.request(`http://localhost${path}`, init);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(';');
      const [name, value] = pair.split('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  async login(email: string, password: string) {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.user;
  }

  hasSession = () => this.cookies.has('pl_session');

  /** The Cookie header this agent sends, for a test that reads a binary answer through app.request itself. */
  cookieHeader = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

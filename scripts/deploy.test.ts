// `npm run deploy -- --dry-run` prints the exact commands, runs none, and refuses an incomplete secrets file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSecretsFile, parseArgs } from './deploy.ts';
import { edgeEnvSchema } from '../supabase/functions/api/env.ts';

const root = join(import.meta.dirname, '..');
const REF = 'abcdefghijklmnopqrst';
const dir = mkdtempSync(join(root, '.data', 'deploy-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COMPLETE = [
  'SITE_URL=https://paylocal.example',
  'ADMIN_EMAIL=owner@paylocal.example',
  'DATABASE_URL=postgresql://postgres.abcdefghijklmnopqrst:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres',
  'TRUSTED_PROXY_HOPS=2',
  'STRIPE_SECRET_KEY=sk_live_secretvalue',
  'STRIPE_PUBLISHABLE_KEY=pk_live_123',
  'STRIPE_WEBHOOK_SECRET=whsec_secretvalue',
  'STORAGE_SECRET_KEY=sb_secret_secretvalue',
  'REALTIME_PUBLISHABLE_KEY=sb_publishable_123',
  'REALTIME_JWT_SECRET=jwtsecretvalue',
  'RESEND_API_KEY=re_live_value',
  'EMAIL_FROM=Pay Local <hello@paylocal.example>',
  'MAIL_DRAIN_SECRET=drainsecretvalue',
  'VAPID_PUBLIC_KEY=BARRL6Wgo13HGau2BheI2IMHZiIEHLrHJj1FNw8kn9DiLi9hDgwQre-r-vJB_PDFUHEcCqyZOveCudQ7pcPd8hw',
  'VAPID_PRIVATE_KEY=yKVqEivEu3fLk7TBSLzm-tXrYgYXzUpkk98XVe6FmOE',
  'VAPID_SUBJECT=mailto:owner@paylocal.example',
].join('\n');

function deploy(envText: string, ...args: string[]) {
  const file = join(dir, `env-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, envText);
  const result = spawnSync('npm', ['run', '--silent', 'deploy', '--', '--dry-run', '--project-ref', REF, '--env-file', relative(root, file), ...args], {
    cwd: root, encoding: 'utf8', env: { ...process.env, SUPABASE_PROJECT_REF: '' },
  });
  return { code: result.status, out: result.stdout, err: result.stderr, envFile: relative(root, file) };
}

describe('npm run deploy -- --dry-run', () => {
  it('prints the exact commands in order, the rewrites, and no secret value', () => {
    const { code, out, envFile } = deploy(COMPLETE);
    expect(code, out).toBe(0);
    const commands = out.split('\n').filter((line) => line.startsWith('npx ') || line.startsWith('npm '));
    expect(commands).toEqual([
      `npx supabase db push --project-ref ${REF}`,
      `npx supabase config push --project-ref ${REF} --yes`,
      `npx supabase secrets set --env-file ${envFile} --project-ref ${REF}`,
      `npx supabase functions deploy api --project-ref ${REF} --use-api`,
      'npm run build',
    ]);
    expect(out).toContain(`/api/*      https://${REF}.supabase.co/functions/v1/api/:splat  200`);
    expect(out).toContain(`/objects/*  https://${REF}.supabase.co/storage/v1/object/public/objects/:splat  200`);
    expect(out).toContain('at https://paylocal.example');
    expect(out).toContain('(dry run: nothing was run)');
    expect(out).toContain('STRIPE_SECRET_KEY');
    expect(out).not.toMatch(/secretvalue/);
  }, 60_000);

  it('takes the secrets file by an absolute path too (it was read from inside the checkout)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'paylocal-deploy-')), 'env.production');
    writeFileSync(file, COMPLETE);
    const result = spawnSync('npm', ['run', '--silent', 'deploy', '--', '--dry-run', '--project-ref', REF, '--env-file', file], {
      cwd: root, encoding: 'utf8', env: { ...process.env, SUPABASE_PROJECT_REF: '' },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`npx supabase secrets set --env-file ${relative(root, file)} --project-ref ${REF}`);
  }, 60_000);

  it('refuses a file the function would refuse to start with, naming the variables, before running anything', () => {
    const text = COMPLETE.split('\n').filter((l) => !l.startsWith('STRIPE_WEBHOOK_SECRET') && !l.startsWith('SITE_URL')).join('\n');
    const { code, out, err } = deploy(`${text}\nSUPABASE_URL=https://x.supabase.co`);
    expect(code).toBe(1);
    expect(err).toMatch(/STRIPE_WEBHOOK_SECRET: missing/);
    expect(err).toMatch(/SITE_URL: missing/);
    expect(err).toMatch(/SUPABASE_URL: Supabase reserves the SUPABASE_ prefix/);
    expect(out).not.toContain('npx supabase');
  }, 60_000);
});

describe('deploy options', () => {
  it('needs a well-formed project ref and knows its flags', () => {
    expect(parseArgs(['--project-ref', REF, '--dry-run'], {})).toEqual({ projectRef: REF, envFile: '.env.production', dryRun: true });
    expect(() => parseArgs(['--project-ref', 'https://x.supabase.co'], {})).toThrow(/20 lower-case/);
    expect(() => parseArgs(['--project-ref', REF, '--force'], {})).toThrow('Unknown option --force');
    expect(parseArgs([], { SUPABASE_PROJECT_REF: REF }).projectRef).toBe(REF);
  });

  it('reads a one-line private JWK (as `supabase gen signing-key` prints it) from the file', async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const jwk = JSON.stringify({ ...(await crypto.subtle.exportKey('jwk', pair.privateKey)), kid: 'k1', alg: 'ES256', use: 'sig' });
    const text = COMPLETE.split('\n').filter((l) => !l.startsWith('REALTIME_JWT_SECRET')).join('\n');
    expect(checkSecretsFile(`${text}\nREALTIME_SIGNING_JWK=${jwk}`, REF).problems).toEqual([]);
    expect(checkSecretsFile(text, REF).problems).toEqual([expect.stringMatching(/^REALTIME_SIGNING_JWK: missing/)]);
  });

  it('accepts test payments only by the explicit opt-in', () => {
    const noStripe = COMPLETE.split('\n').filter((l) => !l.startsWith('STRIPE_')).join('\n');
    expect(checkSecretsFile(noStripe, REF).problems).toHaveLength(3);
    expect(checkSecretsFile(`${noStripe}\nALLOW_TEST_PAYMENTS=true`, REF).problems).toEqual([]);
  });
});

describe("the operator's path (decision 179)", () => {
  const example = readFileSync(join(root, '.env.production.example'), 'utf8');
  const replace = (name: string, value: string) =>
    COMPLETE.split('\n').filter((l) => !l.startsWith(`${name}=`)).concat(`${name}=${value}`).join('\n');

  it("refuses the example's placeholders, each by name and never by value", () => {
    for (const [name, value] of [
      ['STRIPE_SECRET_KEY', 'sk_live_...'],
      ['STRIPE_PUBLISHABLE_KEY', 'pk_live_...'],
      ['STRIPE_WEBHOOK_SECRET', 'whsec_...'],
      ['DATABASE_URL', 'postgresql://postgres.<ref>:<db-password>@aws-0-<region>.pooler.supabase.com:6543/postgres'],
      ['REALTIME_SIGNING_JWK', '{"kty":"EC","crv":"P-256","kid":"...","x":"...","y":"...","d":"..."}'],
      ['MAIL_DRAIN_SECRET', '<a long random string>'],
      ['OBJECT_UPLOAD_SECRET', '<a long random string>'],
      ['STORAGE_SECRET_KEY', 'sb_secret_…'],
    ] as const) {
      const { problems } = checkSecretsFile(replace(name, value), REF);
      expect(problems.filter((p) => p.includes('placeholder')), name).toEqual([expect.stringMatching(new RegExp(`^${name}: still holds a placeholder`))]);
      expect(problems.join('\n')).not.toContain(value);
    }
    // A sender's display name with its address in angle brackets is a value, not a placeholder.
    expect(checkSecretsFile(replace('EMAIL_FROM', 'Pay Local <hello@paylocal.example>'), REF).problems).toEqual([]);
  });

  it('refuses the example file copied as it is', () => {
    const names = checkSecretsFile(example, REF).problems.filter((p) => p.includes('placeholder')).map((p) => p.split(':')[0]);
    expect(names).toEqual(expect.arrayContaining([
      'DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'REALTIME_SIGNING_JWK', 'MAIL_DRAIN_SECRET', 'OBJECT_UPLOAD_SECRET',
    ]));
  });

  it("lists every variable the function reads in .env.production.example and in the operator's guide's tables", () => {
    // Supabase sets SUPABASE_* itself (the example says so); PORT, OBJECTS_DIR and MAIL_DIR are the local runner's
    // (the function always has SITE_URL, Storage and Resend, so it never reads them).
    const localOnly = new Set(['PORT', 'OBJECTS_DIR', 'MAIL_DIR']);
    const guideRows = readFileSync(join(root, 'docs/operating.md'), 'utf8').split('\n').filter((line) => line.trimStart().startsWith('|'));
    const names = Object.keys(edgeEnvSchema.shape);
    const notInExample = names.filter((n) => !n.startsWith('SUPABASE_') && !localOnly.has(n) && !new RegExp(`^(# )?${n}=`, 'm').test(example));
    const notInGuide = names.filter((n) => !guideRows.some((row) => row.includes(`\`${n}\``)));
    expect({ notInExample, notInGuide }).toEqual({ notInExample: [], notInGuide: [] });
    for (const provided of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL', 'SUPABASE_JWT_SECRET']) {
      expect(example).toContain(provided);
    }
  });

  it("names the project one way in every supabase command of the operator's guide: --project-ref, never --linked", () => {
    const guide = readFileSync(join(root, 'docs/operating.md'), 'utf8');
    const commands = guide.split('\n').flatMap((line) => line.match(/npx supabase [a-z][^`\\]*/g) ?? [])
      .filter((command) => !/^npx supabase (login|gen signing-key)/.test(command));
    expect(commands.length).toBeGreaterThanOrEqual(7);
    expect(commands.filter((command) => !command.includes('--project-ref <ref>'))).toEqual([]);
    expect(guide).not.toContain('--linked');
  });

  it("keeps the operator's guide's Cron secrets in Vault and enables pg_net", () => {
    const guide = readFileSync(join(root, 'docs/operating.md'), 'utf8');
    const cron = guide.slice(guide.indexOf('**Scheduled calls.**'), guide.indexOf('Not verified here without a hosted project'));
    expect(cron).toMatch(/create extension if not exists pg_net/);
    expect(cron).toMatch(/vault\.create_secret\('<MAIL_DRAIN_SECRET>'/);
    const schedules = cron.split('select cron.schedule(').slice(1);
    expect(schedules.length).toBeGreaterThanOrEqual(6); // the rules every job follows: tests/hosted/cron-sql.test.ts
    for (const job of schedules.filter((text) => text.includes('net.http_post'))) {
      expect(job).toContain('vault.decrypted_secrets');
      expect(job).not.toMatch(/'<[A-Z_]+/); // no secret written into the job's text
    }
  });
});

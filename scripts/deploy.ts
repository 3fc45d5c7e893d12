// npm run deploy [-- --project-ref <ref>] [--env-file .env.production] [--dry-run]
//
// One command from a checkout to a deployed Pay Local on a Supabase project (decision 075), with the
// supabase CLI pinned in package.json: migrations, the project's API settings (Data API off),
// the Edge Function's secrets, the function itself, and the web build. Then it prints what the static
// host must do (rewrites of /api/* and /objects/*, SPA fallback). Before anything runs, the secrets
// file is checked against the deployed function's own env schema, so a deploy never ships a function
// that would refuse to start. --dry-run prints the exact commands and runs none of them.
// The project ref: --project-ref, else SUPABASE_PROJECT_REF, else the one `supabase link` recorded. Every step
// names it with --project-ref (decision 194), so no step can reach another project than the others.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import { checkEdgeEnv } from '../supabase/functions/api/env.ts';

const root = join(import.meta.dirname, '..');

export interface DeployOptions {
  projectRef: string;
  envFile: string;
  dryRun: boolean;
}

export interface Step {
  title: string;
  command: string[];
}

/** The project's URLs. */
export const projectUrls = (ref: string) => ({
  api: `https://${ref}.supabase.co/functions/v1/api`,
  objects: `https://${ref}.supabase.co/storage/v1/object/public/objects`,
  project: `https://${ref}.supabase.co`,
});

/** The commands, in order. Every supabase call goes through the pinned CLI (npx supabase). */
export function deploySteps({ projectRef, envFile }: Pick<DeployOptions, 'projectRef' | 'envFile'>): Step[] {
  const supabase = (...args: string[]) => ['npx', 'supabase', ...args];
  return [
    { title: 'Apply the migrations (supabase/migrations) to the project', command: supabase('db', 'push', '--project-ref', projectRef) },
    { title: "Push supabase/config.toml's API settings (Data API off)", command: supabase('config', 'push', '--project-ref', projectRef, '--yes') },
    { title: `Set the Edge Function's secrets from ${envFile}`, command: supabase('secrets', 'set', '--env-file', envFile, '--project-ref', projectRef) },
    { title: 'Deploy the Edge Function api (verify_jwt = false from config.toml)', command: supabase('functions', 'deploy', 'api', '--project-ref', projectRef, '--use-api') },
    { title: 'Build the web app into dist/web', command: ['npm', 'run', 'build'] },
  ];
}

/** What the static host must do; printed at the end (and in --dry-run). */
export function staticHostInstructions(projectRef: string, siteUrl: string | undefined): string {
  const urls = projectUrls(projectRef);
  return [
    `Now publish dist/web on your static host${siteUrl ? ` at ${siteUrl}` : ''} with these rules, in this order:`,
    `  /api/*      →  ${urls.api}/:splat             (proxy/rewrite, status 200: keeps the API same-origin)`,
    `  /objects/*  →  ${urls.objects}/:splat   (proxy/rewrite, status 200: uploaded images)`,
    '  /*          →  /index.html                                                    (SPA fallback, status 200)',
    'For example, a Netlify _redirects file:',
    `  /api/*      ${urls.api}/:splat  200`,
    `  /objects/*  ${urls.objects}/:splat  200`,
    '  /*          /index.html  200',
    "Stripe's webhook goes straight to the function: npm run stripe:setup (docs/operating.md, step 4).",
  ].join('\n');
}

const shellQuote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/** Names Supabase reserves for the variables it sets itself; `secrets set` refuses them. */
const RESERVED_PREFIX = 'SUPABASE_';

/**
 * The placeholders of .env.production.example: `sk_live_...`, `B...`, the sample JWK's "...", `re_…`, and
 * `<db-password>`/`<a long random string>` (angle brackets without an @, so `Pay Local <hello@x.example>` passes).
 * A value holding one was copied and not filled in: the function would start (most look well-formed) and fail
 * at the first payment, mail, push or realtime token.
 */
const PLACEHOLDER = /\.\.\.|…|<[^<>@]*>/;

/** Names whose value still holds one of the example's placeholders (names only, never the value). */
export function placeholderProblems(vars: Record<string, string>): string[] {
  return Object.entries(vars).filter(([, value]) => PLACEHOLDER.test(value))
    .map(([name]) => `${name}: still holds a placeholder of .env.production.example (e.g. "..." or "<...>"): fill in the real value`);
}

/**
 * Checks the secrets file with the deployed function's env schema, completed by what Supabase provides
 * to every function (URL, keys, direct database URL). Returns the problems (names only) and the file's names.
 */
export function checkSecretsFile(text: string, projectRef: string): { names: string[]; problems: string[]; siteUrl?: string } {
  const vars = parseEnv(text) as Record<string, string>;
  const names = Object.keys(vars).sort();
  const problems = names.filter((n) => n.startsWith(RESERVED_PREFIX))
    .map((n) => `${n}: Supabase reserves the SUPABASE_ prefix and sets these itself; remove it from the file`);
  problems.push(...placeholderProblems(vars));
  const provided = {
    SUPABASE_URL: projectUrls(projectRef).project,
    SUPABASE_DB_URL: 'postgresql://provided-by-supabase/postgres',
    SUPABASE_SERVICE_ROLE_KEY: 'provided-by-supabase',
    SUPABASE_ANON_KEY: 'provided-by-supabase',
  };
  const checked = checkEdgeEnv({ ...provided, ...vars });
  if (!checked.ok) problems.push(...checked.problems.map((p) => `${p.name}: ${p.message}`));
  return { names, problems, siteUrl: checked.ok ? checked.env.SITE_URL : undefined };
}

function linkedProjectRef(): string | undefined {
  const file = join(root, 'supabase', '.temp', 'project-ref');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): DeployOptions {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const known = new Set(['--project-ref', '--env-file', '--dry-run']);
  for (const [i, arg] of argv.entries()) {
    if (arg.startsWith('--') && !known.has(arg)) throw new Error(`Unknown option ${arg}`);
    if ((arg === '--project-ref' || arg === '--env-file') && (!argv[i + 1] || argv[i + 1].startsWith('--'))) throw new Error(`${arg} needs a value`);
  }
  const projectRef = value('--project-ref') ?? env.SUPABASE_PROJECT_REF ?? linkedProjectRef();
  if (!projectRef) throw new Error('No project: run `npx supabase link --project-ref <ref>` first, or pass --project-ref <ref>');
  if (!/^[a-z0-9]{20}$/.test(projectRef)) throw new Error('The project ref is the 20 lower-case letters and digits of https://<ref>.supabase.co');
  return { projectRef, envFile: value('--env-file') ?? '.env.production', dryRun: argv.includes('--dry-run') };
}

export function main(argv = process.argv.slice(2)): number {
  let options: DeployOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`deploy: ${(error as Error).message}`);
    return 2;
  }
  const envPath = resolve(root, options.envFile); // a path from the checkout, or an absolute one
  const envFile = relative(root, envPath);
  if (!existsSync(envPath)) {
    console.error(`deploy: ${envFile} not found. Copy .env.production.example to ${envFile} and fill it in (docs/operating.md, "Deploying to Supabase").`);
    return 2;
  }
  const { names, problems, siteUrl } = checkSecretsFile(readFileSync(envPath, 'utf8'), options.projectRef);
  if (problems.length) {
    console.error(`deploy: ${envFile} is not ready; nothing was run:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    return 1;
  }
  console.log(`Deploying to project ${options.projectRef}; secrets from ${envFile}: ${names.join(', ')}`);
  for (const step of deploySteps({ projectRef: options.projectRef, envFile })) {
    console.log(`\n# ${step.title}\n${step.command.map(shellQuote).join(' ')}`);
    if (options.dryRun) continue;
    const [command, ...args] = step.command;
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`deploy: "${step.title}" failed (exit ${result.status ?? result.signal}); stopped here.`);
      return 1;
    }
  }
  console.log(`\n${options.dryRun ? '(dry run: nothing was run)\n' : ''}${staticHostInstructions(options.projectRef, siteUrl)}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main());

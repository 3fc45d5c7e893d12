// npm run db:diff -- <name>
//
// Writes supabase/migrations/<timestamp>_<name>.sql: the change that takes a database made by the migrations to the
// one supabase/schemas/ declares (decision 186). Both are built on PostgreSQL 15 (TEST_DATABASE_URL, a superuser URL,
// else a throwaway server from scripts/ci-postgres.sh; never DATABASE_URL, which may be the deployed database), on
// the local bootstrap. @pgkit/migra (a port of migra) writes the schema changes; this adds what it leaves out and
// the catalogs tell: comments, rows the schema files insert (new keys), privileges and default privileges set in a
// schema. Then it applies all that to the migrated copy and compares it with the declared one the way the equality
// test does (scripts/schema-files.test.ts): what still differs (rows changed or deleted, global default privileges,
// anything migra does not model) is printed for a hand edit, and the command exits 2. The migration is reviewed
// like code.
import { createClient } from '@pgkit/client';
import { run } from '@pgkit/migra';
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { openPostgres } from '../local/admin-sql.ts';
import { buildFromMigrations, buildFromSchemas, drift, scratchDatabase, seededTables, snapshot, throwawayServer } from './schema-files.ts';

const root = join(import.meta.dirname, '..');
const migrationsDir = join(root, 'supabase', 'migrations');

/** Schemas the project does not declare: Supabase's own and the stand-ins the local bootstrap makes for them. */
const NOT_OURS = ['supabase_migrations', 'auth', 'extensions', 'realtime', 'storage', 'graphql', 'graphql_public', 'vault', 'cron', 'net', 'pgbouncer'];

/** The next version: now (UTC, YYYYMMDDHHMMSS), or one after the newest migration when that is later. */
export function nextVersion(existing: string[], now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const newest = existing.map((file) => file.split('_')[0]!).sort().at(-1) ?? '';
  return stamp > newest ? stamp : String(BigInt(newest) + 1n);
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** pg_identify_object's type, as COMMENT ON spells it. */
const COMMENT_KINDS: Record<string, string> = {
  table: 'table', 'table column': 'column', view: 'view', 'materialized view': 'materialized view', sequence: 'sequence',
  index: 'index', function: 'function', procedure: 'procedure', aggregate: 'aggregate', type: 'type', schema: 'schema',
  policy: 'policy', trigger: 'trigger', 'table constraint': 'constraint', 'domain constraint': 'constraint', extension: 'extension',
};

interface Described { kind: string; identity: string; description: string }

/** Every comment on the project's objects, by `<kind> <identity>` (the statement's subject). */
async function comments(url: string): Promise<Map<string, Described>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql.unsafe<{ type: string; identity: string; schema: string | null; description: string }[]>(`
      select o.type, o.identity, o.schema, d.description
      from pg_description d, pg_identify_object(d.classoid, d.objoid, d.objsubid) o
      where d.objoid >= 16384`);
    const out = new Map<string, Described>();
    for (const row of rows) {
      const schema = row.type === 'schema' ? row.identity : row.schema;
      const kind = COMMENT_KINDS[row.type];
      if (!kind || (schema && NOT_OURS.includes(schema)) || row.type === 'extension') continue;
      out.set(`${kind} ${row.identity}`, { kind, identity: row.identity, description: row.description });
    }
    return out;
  } finally {
    await sql.end();
  }
}

/** Comments migra leaves out: set where the schema files say something else, cleared where they say nothing. */
async function commentChanges(migratedUrl: string, declaredUrl: string): Promise<string[]> {
  const [before, after] = await Promise.all([comments(migratedUrl), comments(declaredUrl)]);
  const out: string[] = [];
  for (const [subject, wanted] of after) {
    if (before.get(subject)?.description !== wanted.description) out.push(`comment on ${subject} is ${literal(wanted.description)};`);
  }
  // A comment the schema files dropped, on an object they kept (a dropped object takes its comment with it).
  const declared = postgres(declaredUrl, { max: 1, onnotice: () => {} });
  try {
    for (const [subject, had] of before) {
      if (!after.has(subject) && await objectExists(declared, had)) out.push(`comment on ${subject} is null;`);
    }
  } finally {
    await declared.end();
  }
  return out;
}

/** Whether the object a comment was on is still there (asked by commenting it in a transaction rolled back). */
async function objectExists(sql: postgres.Sql, object: Described): Promise<boolean> {
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe(`comment on ${object.kind} ${object.identity} is null`);
      throw new Error('rollback');
    });
  } catch (error) {
    return (error as Error).message === 'rollback';
  }
  return false;
}

/**
 * Rows the schema files insert whose key the migrated database lacks, written as inserts of the row as it is there.
 * A row whose key is there with other values, or that the schema files no longer insert, is left for a hand edit
 * (an update or a delete is a decision about data already in use).
 */
async function rowChanges(migratedUrl: string, declaredUrl: string): Promise<string[]> {
  const tables = seededTables();
  if (!tables.length) return [];
  const read = async (url: string) => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const out = new Map<string, { key: string; row: string }[]>();
      for (const table of tables) {
        if (!(await sql.unsafe(`select to_regclass($1) is not null as ok`, [table]))[0]!.ok) continue;
        // The primary key's columns (none: the whole row is the key).
        const key = (await sql.unsafe(`select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
          where i.indrelid = $1::regclass and i.indisprimary order by a.attnum`, [table])).map((r) => r.attname as string);
        const keyOf = key.length ? `jsonb_build_array(${key.map((c) => `t.${c}`).join(', ')})::text` : 'to_jsonb(t)::text';
        out.set(table, (await sql.unsafe(`select ${keyOf} as key, to_jsonb(t)::text as row from ${table} t`)) as never);
      }
      return out;
    } finally {
      await sql.end();
    }
  };
  const [before, after] = await Promise.all([read(migratedUrl), read(declaredUrl)]);
  const out: string[] = [];
  for (const table of tables) {
    const had = new Set((before.get(table) ?? []).map((r) => r.key));
    for (const { key, row } of after.get(table) ?? []) {
      if (!had.has(key)) out.push(`insert into ${table} select * from jsonb_populate_record(null::${table}, ${literal(row)});`);
    }
  }
  return out;
}

/** pg_default_acl's object types, as ALTER DEFAULT PRIVILEGES spells them. */
const DEFAULT_ACL_KINDS: Record<string, string> = { r: 'tables', S: 'sequences', f: 'functions', T: 'types', n: 'schemas' };

/**
 * Default privileges set in a schema (`alter default privileges [for role r] in schema s grant|revoke ...`), made
 * the same grantee by grantee. Those set for no schema (global ones, whose absence means the built-in defaults) are
 * left for a hand edit: the proof below shows them.
 */
async function defaultPrivilegeChanges(migratedUrl: string, declaredUrl: string): Promise<string[]> {
  const read = async (url: string) => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql.unsafe(`
        select quote_ident(pg_get_userbyid(d.defaclrole)) as role, d.defaclrole = (select oid from pg_roles where rolname = current_user) as mine,
               quote_ident(n.nspname) as schema, d.defaclobjtype::text as kind,
               case when e.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(e.grantee)) end as grantee,
               lower(e.privilege_type) as privilege
        from pg_default_acl d join pg_namespace n on n.oid = d.defaclnamespace,
             lateral aclexplode(d.defaclacl) with ordinality as e(grantor, grantee, privilege_type, is_grantable, ord)
        order by 1, 3, 4, e.ord`);
      const out = new Map<string, { head: string; grants: Map<string, Set<string>> }>();
      for (const row of rows) {
        const id = `${row.role} ${row.schema} ${row.kind}`;
        const entry = out.get(id) ?? { head: `alter default privileges ${row.mine ? '' : `for role ${row.role} `}in schema ${row.schema}`, grants: new Map() };
        entry.grants.set(row.grantee, (entry.grants.get(row.grantee) ?? new Set()).add(row.privilege));
        out.set(id, entry);
      }
      return out;
    } finally {
      await sql.end();
    }
  };
  const [before, after] = await Promise.all([read(migratedUrl), read(declaredUrl)]);
  const out: string[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const kind = DEFAULT_ACL_KINDS[id.split(' ').at(-1)!];
    const head = (after.get(id) ?? before.get(id))!.head;
    const had = before.get(id)?.grants ?? new Map<string, Set<string>>();
    const wanted = after.get(id)?.grants ?? new Map<string, Set<string>>();
    if (!kind) continue;
    for (const [grantee, privs] of had) {
      const gone = [...privs].filter((p) => !wanted.get(grantee)?.has(p));
      if (gone.length) out.push(`${head} revoke ${gone.join(', ')} on ${kind} from ${grantee};`);
    }
    for (const [grantee, privs] of wanted) {
      const missing = [...privs].filter((p) => !had.get(grantee)?.has(p));
      if (missing.length) out.push(`${head} grant ${missing.join(', ')} on ${kind} to ${grantee};`);
    }
  }
  return out;
}

/** Every privilege on the project's tables, sequences, columns, functions and schemas, in each ACL's order. */
async function privileges(url: string): Promise<{ kind: string; name: string; grantee: string; privilege: string }[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql.unsafe(`
      with ours as (select oid, nspname from pg_namespace
                    where nspname <> all($1::text[]) and nspname not in ('pg_catalog', 'information_schema', 'pg_toast')),
      objects as (
        select case when c.relkind = 'S' then 'sequence' else 'table' end as kind, format('%I.%I', n.nspname, c.relname) as name,
               coalesce(c.relacl, acldefault((case when c.relkind = 'S' then 's' else 'r' end)::"char", c.relowner)) as acl
          from pg_class c join ours n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        union all
        select 'column', format('%I.%I (%I)', n.nspname, c.relname, a.attname), a.attacl
          from pg_attribute a join pg_class c on c.oid = a.attrelid join ours n on n.oid = c.relnamespace where a.attacl is not null
        union all
        select 'function', format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)), coalesce(p.proacl, acldefault('f'::"char", p.proowner))
          from pg_proc p join ours n on n.oid = p.pronamespace
        union all
        select 'schema', format('%I', n.nspname), coalesce(s.nspacl, acldefault('n'::"char", s.nspowner))
          from pg_namespace s join ours n on n.oid = s.oid
      )
      select o.kind, o.name, case when e.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(e.grantee)) end as grantee,
             lower(e.privilege_type) || case when e.is_grantable then '*' else '' end as privilege
      from objects o, lateral aclexplode(o.acl) with ordinality as e(grantor, grantee, privilege_type, is_grantable, ord)
      order by o.kind, o.name, e.ord`, [NOT_OURS]);
  } finally {
    await sql.end();
  }
}

/**
 * Grants and revokes that bring each object's privileges to what the schema files give it, object by object and
 * grantee by grantee in the declared ACL's order (so the ACLs come out alike, not only equivalent). migra's own
 * privilege statements are not used: they grant a new object's whole ACL as if nothing were granted at creation,
 * where the default privileges of public already grant some, and they leave out columns and functions.
 */
async function privilegeChanges(migratedUrl: string, declaredUrl: string): Promise<string[]> {
  const [before, after] = await Promise.all([privileges(migratedUrl), privileges(declaredUrl)]);
  type Acl = Map<string, Set<string>>;
  const index = (rows: typeof before) => {
    const out = new Map<string, Acl>();
    for (const row of rows) {
      const key = `${row.kind} ${row.name}`;
      const acl = out.get(key) ?? new Map<string, Set<string>>();
      acl.set(row.grantee, (acl.get(row.grantee) ?? new Set()).add(row.privilege));
      out.set(key, acl);
    }
    return out;
  };
  const had = index(before);
  const wanted = index(after);
  const out: string[] = [];
  // A column with no privileges of its own has no ACL: on either side, an empty one.
  for (const key of had.keys()) if (key.startsWith('column ') && !wanted.has(key)) wanted.set(key, new Map());
  for (const [key, acl] of wanted) {
    const [kind, ...rest] = key.split(' ');
    const current = had.get(key) ?? (kind === 'column' ? new Map<string, Set<string>>() : undefined);
    if (!current) continue; // not made by migra's statements: the proof below shows it
    const name = rest.join(' ');
    // A column's privileges are granted on its table: grant update (col) on table t.
    const subject = (privs: string[]) => kind === 'column'
      ? `${privs.map((p) => `${p} (${name.replace(/^.* \((.*)\)$/, '$1')})`).join(', ')} on table ${name.replace(/ \(.*\)$/, '')}`
      : `${privs.join(', ')} on ${kind} ${name}`;
    for (const [grantee, privs] of current) {
      const gone = [...privs].filter((p) => !acl.get(grantee)?.has(p)).map((p) => p.replace('*', ''));
      if (gone.length) out.push(`revoke ${subject(gone)} from ${grantee};`);
    }
    for (const [grantee, privs] of acl) {
      const kept = new Set([...current.get(grantee) ?? []].filter((p) => privs.has(p)));
      const missing = [...privs].filter((p) => !kept.has(p));
      const plain = missing.filter((p) => !p.endsWith('*'));
      const grantable = missing.filter((p) => p.endsWith('*')).map((p) => p.replace('*', ''));
      if (plain.length) out.push(`grant ${subject(plain)} to ${grantee};`);
      if (grantable.length) out.push(`grant ${subject(grantable)} to ${grantee} with grant option;`);
    }
  }
  return out;
}

export interface Generated {
  /** The migration's statements, grouped and commented: migra's, then comments and rows, then privileges. */
  body: string;
  counts: { migra: number; added: number; granted: number };
  /** migra's statements that drop something: read them twice. */
  destructive: string[];
  /** False when the statements failed on the migrated copy (the error was printed): a hand edit is needed. */
  applies: boolean;
  /** What the migrated copy, with the statements applied, still makes differently ('' when nothing). */
  left: string;
}

/**
 * The statements that take the database at `migratedUrl` to the one at `declaredUrl`, applied to the former as
 * they are found (comments and privileges need the objects made first), then the difference that is left.
 */
export async function migrationBetween(migratedUrl: string, declaredUrl: string): Promise<Generated> {
  // migra: tables, columns, constraints, indexes, functions, views, triggers, policies, row-level security. Its
  // clients are ours to end; pg-promise's warning about a second client in one process says nothing here.
  const clients = [migratedUrl, declaredUrl].map((u) => createClient(u, { pgpOptions: { initialize: { noWarnings: true } } }));
  const migration = await run(clients[0]!, clients[1]!, { unsafe: true, excludeSchema: NOT_OURS })
    .finally(() => Promise.all(clients.map((client) => client.end())));
  const schemaChanges = migration.statements.array.map((statement) => statement.trim()).filter(Boolean);
  const added = [...await commentChanges(migratedUrl, declaredUrl), ...await rowChanges(migratedUrl, declaredUrl)];
  const applied = async (statements: string[]) => {
    const opened = openPostgres(migratedUrl, { poolSize: 1 });
    try {
      await opened.admin.exec(`begin;\n${statements.join('\n')}\n;\ncommit;`);
      return true;
    } catch (error) {
      console.error(`These statements do not apply to a database the migrations made: ${(error as Error).message}`);
      return false;
    } finally {
      await opened.close();
    }
  };
  let applies = await applied([...schemaChanges, ...added]);
  const granted = applies ? [...await privilegeChanges(migratedUrl, declaredUrl), ...await defaultPrivilegeChanges(migratedUrl, declaredUrl)] : [];
  applies = applies && await applied(granted);
  const left = applies ? drift(await snapshot(migratedUrl), await snapshot(declaredUrl), ['migrations + this one', 'supabase/schemas']) : '';

  // migra turns function body checks off for its statements; back on for whatever runs after in the session.
  const bodiesOff = schemaChanges.some((statement) => /^set check_function_bodies = off/i.test(statement));
  const body = [
    ...schemaChanges,
    ...(added.length ? ['', '-- Comments and rows (db:diff, from the schema files: migra leaves them out).', ...added] : []),
    ...(granted.length ? ['', '-- Privileges and default privileges (db:diff: each as the schema files leave it, grantee by grantee).', ...granted] : []),
    ...(bodiesOff ? ['', 'reset check_function_bodies;'] : []),
  ].join('\n');
  return {
    body,
    counts: { migra: schemaChanges.length, added: added.length, granted: granted.length },
    destructive: schemaChanges.filter((statement) => /^(drop|alter table .* drop)\b/i.test(statement)),
    applies,
    left,
  };
}

async function main(argv: string[]): Promise<number> {
  const name = argv.find((arg) => !arg.startsWith('-'));
  if (!name || !/^[a-z0-9][a-z0-9-]*$/.test(name)) {
    console.error('usage: npm run db:diff -- <name>   (kebab-case, e.g. city-time-zone)');
    return 1;
  }
  const given = process.env.TEST_DATABASE_URL;
  const server = given ? { url: given, stop: () => {} } : throwawayServer();
  const [migrated, declared] = await Promise.all([scratchDatabase(server.url, 'diff_migrations'), scratchDatabase(server.url, 'diff_schemas')]);
  try {
    // One after the other: the bootstrap creates the API roles, which belong to the whole server (two at once race).
    await buildFromMigrations(migrated.url);
    await buildFromSchemas(declared.url);
    const change = await migrationBetween(migrated.url, declared.url);
    const { migra, added, granted } = change.counts;
    if (!migra && !added && !granted && change.applies && !change.left) {
      console.log('supabase/schemas and supabase/migrations make the same database: no migration written.');
      return 0;
    }
    const file = join(migrationsDir, `${nextVersion(readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')))}_${name}.sql`);
    writeFileSync(file, `-- ${name}: generated by \`npm run db:diff -- ${name}\` from supabase/schemas (decision 186), then reviewed.\n\n${change.body}\n`);
    console.log(`${relative(root, file)} written: ${migra} statements from migra, ${added} comments and rows, ${granted} grants and revokes.`);
    if (change.destructive.length) console.log(`Review these: they drop something:\n  ${change.destructive.join('\n  ')}`);
    if (!change.applies) {
      console.log('Edit it by hand until it applies (then the equality test tells whether it is complete).');
      return 2;
    }
    if (change.left) {
      console.log(`\nLeft for a hand edit (what the migrations with this one still make differently: rows changed or deleted, global default privileges, or what migra does not model):\n${change.left}`);
      return 2;
    }
    console.log('Checked: with it, the migrations make the database supabase/schemas declares (the equality test will agree).');
    return 0;
  } finally {
    await Promise.all([migrated.drop(), declared.drop()]);
    server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await main(process.argv.slice(2)));

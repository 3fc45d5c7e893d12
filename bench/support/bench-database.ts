// A fresh, migrated and seeded database for one benchmark: a new database on the Postgres server
// named by BENCH_DATABASE_URL (real concurrency), or in-memory PGlite (one connection: requests queue).
import postgres from 'postgres';
import { openPglite, openPostgres, type OpenedDatabase } from '../../local/admin-sql.ts';
import { prepareDatabase } from '../../local/migrate.ts';
import { TEST_ADMIN } from '../../tests/support/constants.ts';

export interface BenchDatabase extends OpenedDatabase {
  label: string;
}

export async function openBenchDatabase(name: string, poolSize: number): Promise<BenchDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const prepare = { seed: true, adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password };
  if (!serverUrl) {
    const opened = await openPglite();
    await prepareDatabase(opened.admin, prepare);
    return { ...opened, label: 'PGlite (in-memory, one connection: concurrent requests queue)' };
  }
  const database = `paylocal_bench_${name}`;
  const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await server.unsafe(`drop database if exists ${database} with (force)`);
  await server.unsafe(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const opened = openPostgres(url.toString(), { poolSize });
  await prepareDatabase(opened.admin, prepare);
  const [{ version }] = await opened.admin.query<{ version: string }>(`select split_part(version(), ' ', 2) as version`);
  return {
    ...opened,
    label: `PostgreSQL ${version} (${url.host}, pool of ${poolSize})`,
    close: async () => {
      await opened.close();
      if (!process.env.BENCH_KEEP_DATABASE) await server.unsafe(`drop database if exists ${database} with (force)`);
      await server.end();
    },
  };
}

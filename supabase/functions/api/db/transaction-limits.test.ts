// Every transaction the API opens has a statement timeout and an idle-in-transaction timeout that really apply
// (issue 28, decision 175): set per transaction, since a role's settings do not apply after set_config('role').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../../../local/admin-sql.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { HELD_TOO_LONG_MESSAGE } from './postgres-js.ts';
import { anonClaims, claimsSetupParams, claimsSetupSql, TRANSACTION_LIMITS, type Claims } from './database.ts';
import { sessionClaimsSql } from '../sessions/sessions.ts';

let database: OpenedDatabase;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(() => database.close());

const limitsQuery = `select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle, current_user as who`;
const expected = { statement: TRANSACTION_LIMITS.statementTimeout, idle: TRANSACTION_LIMITS.idleInTransactionTimeout };

describe('time limits of the API\'s transactions', () => {
  it('are set in every kind of transaction: each role, the session lookup, a statement sent ahead', async () => {
    const claims: Claims[] = [anonClaims, { role: 'service_role' }, { role: 'authenticated', sub: SEED.member.id }];
    for (const c of claims) {
      const [row] = await database.db.transaction(c, (q) => q(limitsQuery));
      expect(row).toMatchObject({ ...expected, who: c.role });
    }
    const opened = await database.db.open(sessionClaimsSql, ['no-such-session']);
    const [row] = await opened.query(limitsQuery);
    await opened.end(true);
    expect(row).toMatchObject({ ...expected, who: 'anon' });
    const ahead = await database.db.open(claimsSetupSql, claimsSetupParams(anonClaims), { text: limitsQuery, params: [] });
    expect(ahead.ahead).toEqual({ rows: [expect.objectContaining({ ...expected, who: 'anon' })] });
    // And nothing lingers on the connection after the transaction (SET LOCAL).
    const [after] = await database.admin.query<{ statement: string }>(`select current_setting('statement_timeout') as statement`);
    expect(after.statement).not.toBe('10s');
  });

  // PGlite runs in this process on one connection and does not enforce timeouts (no timer signals in WASM).
  it.skipIf(!process.env.TEST_DATABASE_URL)('really apply on PostgreSQL: pg_sleep is cut off, an idle transaction is ended', async () => {
    const slow = (async () => {
      const started = Date.now();
      const error = await database.db.transaction({ role: 'authenticated', sub: SEED.member.id }, (q) => q('select pg_sleep(30)'))
        .then(() => null, (e: { code?: string }) => e);
      return { code: error?.code, ms: Date.now() - started };
    })();
    // A transaction held open by the request (the session lookup's) and left idle: ended at 12 s by the port
    // itself (postgres.js cannot survive the server closing a reserved connection), rolled back.
    const held = (async () => {
      const tx = await database.db.open(sessionClaimsSql, ['no-such-session']);
      await new Promise((r) => setTimeout(r, 13_000));
      return tx.query('select 1').then(() => null, (e: Error) => e.message);
    })();
    // A transaction whose work waits on something else: the server ends it at 15 s.
    const idle = database.db.transaction(anonClaims, async (q) => {
      await q('select 1');
      await new Promise((r) => setTimeout(r, 16_000));
      return q('select 2');
    }).then(() => null, (e: unknown) => e);
    const [sleep, heldError, idleError] = await Promise.all([slow, held, idle]);
    expect(heldError).toBe(HELD_TOO_LONG_MESSAGE);
    expect(sleep.code).toBe('57014'); // canceling statement due to statement timeout
    expect(sleep.ms).toBeGreaterThanOrEqual(9_500);
    expect(sleep.ms).toBeLessThan(14_000);
    expect(idleError).toMatchObject({ code: 'CONNECTION_CLOSED' }); // the server ended the session (25P03)
    // The pool recovers: the next transaction gets a fresh connection.
    const [row] = await database.db.transaction(anonClaims, (q) => q<{ one: number }>('select 1 as one'));
    expect(row.one).toBe(1);
  }, 40_000);
});

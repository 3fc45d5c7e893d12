// Gift memberships in the database (decision 201), both ways, for every role: anon, the buyer, the recipient who
// redeemed it, another member, a merchant, a second ADMIN-role account that is not the designated admin, the designated
// admin and service_role. Reads: the buyer, the recipient and the designated admin; writes: the server alone. The
// gifted period counts through private.has_active_subscription, and private.redeem_gift is the server's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase, secondAdmin } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const BUYER = 'a0000000-0000-4000-8000-0000000000c1';
const RECIPIENT = 'a0000000-0000-4000-8000-0000000000c2';
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000c3';
const GIFT = '9f000000-0000-4000-8000-000000000001';
const denied = expect.objectContaining({ code: '42501' });
const OUTSIDERS = [SEED.member.id, SEED.merchantOwner.id, OTHER_ADMIN];
const readGift = (q: (text: string, params?: unknown[]) => Promise<unknown[]>) => q(`select id from public.gifts where id = $1`, [GIFT]);
const active = (who: string) => asService(db, (q) => q<{ active: boolean }>(`select private.has_active_subscription($1) as active`, [who]))
  .then(([row]) => row!.active);

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, async (q) => {
    await insertProfiles(q,
      { id: BUYER, email: 'rls-buyer@example.com', name: 'Buyer', role: 'USER' },
      { id: RECIPIENT, email: 'rls-recipient@example.com', name: 'Recipient', role: 'USER' },
      secondAdmin(OTHER_ADMIN, 'rls-second-admin@example.com'));
    await q(`insert into public.gifts (id, months, amount_cents, buyer_user_id, buyer_email, buyer_name, recipient_email, deliver_on,
                                       provider, payment_intent_id, paid_at, delivered_at, token_hash)
             values ($1, 1, 999, $2, 'rls-buyer@example.com', 'Buyer', 'rls-recipient@example.com', current_date, 'test', 'pi_rls', now(), now(), 'h')`,
    [GIFT, BUYER]);
  });
});
afterAll(() => db.close());

describe('gifts: reads', () => {
  it('the buyer and the designated admin read it; anon, other members, a merchant and a second ADMIN-role account do not', async () => {
    expect(await asUser(db, BUYER, readGift)).toHaveLength(1);
    expect(await asUser(db, TEST_ADMIN.id, readGift)).toHaveLength(1);
    for (const who of [...OUTSIDERS, RECIPIENT]) expect(await asUser(db, who, readGift), who).toHaveLength(0);
    await expect(asAnon(db, readGift)).rejects.toEqual(denied);
    expect(await asService(db, readGift)).toHaveLength(1);
  });

  it('the recipient reads it once redeemed, and is then an active member through private.has_active_subscription', async () => {
    expect(await active(RECIPIENT)).toBe(false);
    await asService(db, (q) => q(`select private.redeem_gift($1, $2)`, [GIFT, RECIPIENT]));
    expect(await asUser(db, RECIPIENT, readGift)).toHaveLength(1);
    expect(await active(RECIPIENT)).toBe(true);
    expect(await asUser(db, RECIPIENT, (q) => q<{ active: boolean }>(`select private.has_active_subscription((select auth.uid())) as active`)))
      .toEqual([{ active: true }]);
    for (const who of OUTSIDERS) expect(await asUser(db, who, readGift), who).toHaveLength(0);
  });
});

describe('gifts: writes', () => {
  it('nobody but the server inserts, updates or deletes one, and only the server redeems', async () => {
    const insert = (q: (text: string, params?: unknown[]) => Promise<unknown[]>) => q(
      `insert into public.gifts (months, amount_cents, buyer_email, buyer_name, recipient_email, deliver_on, provider, payment_intent_id)
       values (1, 999, 'x@example.com', 'X', 'y@example.com', current_date, 'test', 'pi_rls_' || gen_random_uuid())`);
    for (const who of [BUYER, RECIPIENT, ...OUTSIDERS, TEST_ADMIN.id]) {
      await expect(asUser(db, who, insert), who).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`update public.gifts set refunded_at = now() where id = $1`, [GIFT])), who).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`delete from public.gifts where id = $1`, [GIFT])), who).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`select private.redeem_gift($1, $2)`, [GIFT, who])), who).rejects.toEqual(denied);
    }
    await expect(asAnon(db, insert)).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`update public.gifts set refunded_at = now()`))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`delete from public.gifts`))).rejects.toEqual(denied);
    expect(await asService(db, insert)).toHaveLength(0);
    expect(await asUser(db, TEST_ADMIN.id, readGift)).toHaveLength(1);
  });
});

// RLS of collaborations, both ways, for every role: anon, a member, both parties, an uninvolved
// merchant, a second ADMIN-role account that is not the designated admin, and the designated admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { asAnon, asService, asUser, insertProfiles, openTestDatabase, secondAdmin } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';
const PARTNER_OWNER = 'a0000000-0000-4000-8000-0000000000c1';
const PARTNER = 'b0000000-0000-4000-8000-0000000000c1';
const THIRD_OWNER = 'a0000000-0000-4000-8000-0000000000c2';
const THIRD = 'b0000000-0000-4000-8000-0000000000c2';
const ROSA = SEED.activeMerchantId;
const denied = expect.objectContaining({ code: '42501' });

const insertAs = (who: string, requester: string, recipient: string) =>
  asUser(db, who, (q) => q<{ id: string }>(
    `insert into public.collaborations (requester_merchant_id, recipient_merchant_id, requester_discount_label, recipient_discount_label, start_date)
     values ($1, $2, '10% off', '10% off', current_date) returning id`, [requester, recipient]));

let collabId: string;
let seededVisibility: Record<string, string[]>;

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, async (q) => {
    await insertProfiles(q, secondAdmin(OTHER_ADMIN),
      { id: PARTNER_OWNER, email: 'partner@example.com', name: 'Pat Partner', role: 'MERCHANT' },
      { id: THIRD_OWNER, email: 'third@example.com', name: 'Theo Third', role: 'MERCHANT' });
    await q(`insert into public.merchants (id, owner_user_id, name, address, business_type, active) values
      ($1, $2, 'Partner Pottery', '2 Main St', 'retail', true),
      ($3, $4, 'Third Tacos', '3 Main St', 'food', true)`, [PARTNER, PARTNER_OWNER, THIRD, THIRD_OWNER]);
  });
  // The seed's collaborations are checked once, then removed so each test starts from a known state.
  seededVisibility = {
    rosa: await visibleTo(SEED.merchantOwner.id),
    market: await visibleTo('a0000000-0000-4000-8000-000000000011'),
    member: await visibleTo(SEED.member.id),
  };
  await asService(db, (q) => q(`delete from public.collaborations`));
  [{ id: collabId }] = await insertAs(SEED.merchantOwner.id, ROSA, PARTNER);
});
afterAll(() => db.close());

const visibleTo = async (who: string | null) => {
  const rows = await (who ? asUser(db, who, (q) => q<{ id: string }>(`select id from public.collaborations`))
    : asAnon(db, (q) => q<{ id: string }>(`select id from public.collaborations`)));
  return rows.map((r) => r.id);
};

describe('collaborations: read', () => {
  it('the seeded collaborations are visible to their parties only', () => {
    expect(seededVisibility.rosa.sort()).toEqual([SEED.rosaPendingCollabId, SEED.rosaAcceptedCollabId].sort());
    expect(seededVisibility.market).toEqual([SEED.rosaPendingCollabId]);
    expect(seededVisibility.member).toEqual([]);
  });

  it('only the two parties see a collaboration', async () => {
    expect(await visibleTo(SEED.merchantOwner.id)).toEqual([collabId]);
    expect(await visibleTo(PARTNER_OWNER)).toEqual([collabId]);
    expect(await visibleTo(THIRD_OWNER)).toEqual([]);
    expect(await visibleTo(SEED.member.id)).toEqual([]);
    expect(await visibleTo(OTHER_ADMIN)).toEqual([]);
    expect(await visibleTo(TEST_ADMIN.id)).toEqual([]);
    await expect(visibleTo(null)).rejects.toEqual(denied);
  });
});

describe('collaborations: request', () => {
  it('an approved merchant requests for its own business only, to an approved business only', async () => {
    await expect(insertAs(THIRD_OWNER, ROSA, THIRD)).rejects.toEqual(denied);
    await expect(insertAs(THIRD_OWNER, THIRD, SEED.pendingMerchantId)).rejects.toEqual(denied);
    await expect(insertAs(SEED.pendingOwner.id, SEED.pendingMerchantId, THIRD)).rejects.toEqual(denied);
    for (const who of [SEED.member.id, OTHER_ADMIN, TEST_ADMIN.id]) {
      await expect(insertAs(who, ROSA, THIRD)).rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`insert into public.collaborations (requester_merchant_id, recipient_merchant_id, requester_discount_label, recipient_discount_label, start_date) values ($1, $2, 'a', 'b', current_date)`, [ROSA, THIRD]))).rejects.toEqual(denied);
    await expect(asUser(db, THIRD_OWNER, (q) => q(
      `insert into public.collaborations (requester_merchant_id, recipient_merchant_id, requester_discount_label, recipient_discount_label, start_date, status)
       values ($1, $2, 'a', 'b', current_date, 'ACCEPTED')`, [THIRD, PARTNER]))).rejects.toEqual(denied);
  });

  it('the schema refuses self requests, reversed dates, and a second open request between a pair', async () => {
    await expect(insertAs(THIRD_OWNER, THIRD, THIRD)).rejects.toMatchObject({ code: '23514' });
    await expect(asUser(db, THIRD_OWNER, (q) => q(
      `insert into public.collaborations (requester_merchant_id, recipient_merchant_id, requester_discount_label, recipient_discount_label, start_date, end_date)
       values ($1, $2, 'a', 'b', current_date, current_date - 1)`, [THIRD, PARTNER]))).rejects.toMatchObject({ code: '23514' });
    await expect(insertAs(PARTNER_OWNER, PARTNER, ROSA)).rejects.toMatchObject({ code: '23505' });
  });
});

describe('collaborations: answer', () => {
  it('nobody but the recipient changes a request, and only its status', async () => {
    for (const who of [THIRD_OWNER, SEED.member.id, OTHER_ADMIN, TEST_ADMIN.id]) {
      const rows = await asUser(db, who, (q) => q(`update public.collaborations set status = 'ACCEPTED' where id = $1 returning id`, [collabId]));
      expect(rows, who).toHaveLength(0);
    }
    // The sender may only withdraw its pending request (decision 182): accepting it itself is refused.
    await expect(asUser(db, SEED.merchantOwner.id, (q) => q(`update public.collaborations set status = 'ACCEPTED' where id = $1`, [collabId])))
      .rejects.toEqual(denied);
    await expect(asUser(db, PARTNER_OWNER, (q) => q(`update public.collaborations set message = 'changed' where id = $1`, [collabId]))).rejects.toEqual(denied);
    await expect(asUser(db, PARTNER_OWNER, (q) => q(`update public.collaborations set status = 'CANCELLED' where id = $1`, [collabId]))).rejects.toEqual(denied);
    const accepted = await asUser(db, PARTNER_OWNER, (q) => q<{ responded_at: Date | null }>(
      `update public.collaborations set status = 'ACCEPTED' where id = $1 returning responded_at`, [collabId]));
    expect(accepted).toHaveLength(1);
    expect(accepted[0].responded_at).not.toBeNull();
  });

  it('an answered request never changes status again, whoever writes', async () => {
    const again = await asUser(db, PARTNER_OWNER, (q) => q(`update public.collaborations set status = 'DENIED' where id = $1 returning id`, [collabId]));
    expect(again).toHaveLength(0);
    await expect(asService(db, (q) => q(`update public.collaborations set status = 'DENIED' where id = $1`, [collabId])))
      .rejects.toThrow('This collaboration request was already accepted');
  });

  it('nobody deletes through the user roles; deleting a business removes its collaborations', async () => {
    for (const who of [SEED.merchantOwner.id, PARTNER_OWNER, TEST_ADMIN.id]) {
      expect(await asUser(db, who, (q) => q(`delete from public.collaborations returning id`))).toHaveLength(0);
    }
    await asService(db, (q) => q(`delete from public.merchants where id = $1`, [PARTNER]));
    expect(await visibleTo(SEED.merchantOwner.id)).toEqual([]);
  });
});

describe('partner email', () => {
  it('is given only to a party of an accepted collaboration', async () => {
    const [{ id }] = await insertAs(THIRD_OWNER, THIRD, ROSA);
    const emailFor = (who: string) => asUser(db, who, (q) => q<{ email: string | null }>(
      `select private.collaboration_partner_email($1) as email`, [id]));
    expect((await emailFor(SEED.merchantOwner.id))[0].email).toBeNull();
    await asUser(db, SEED.merchantOwner.id, (q) => q(`update public.collaborations set status = 'ACCEPTED' where id = $1`, [id]));
    expect((await emailFor(SEED.merchantOwner.id))[0].email).toBe('third@example.com');
    expect((await emailFor(THIRD_OWNER))[0].email).toBe(SEED.merchantOwner.email);
    expect((await emailFor(SEED.member.id))[0].email).toBeNull();
    expect((await emailFor(TEST_ADMIN.id))[0].email).toBeNull();
    await expect(asAnon(db, (q) => q(`select private.collaboration_partner_email($1)`, [id]))).rejects.toEqual(denied);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { readMailDir } from '../../../../tests/support/mail.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { drainOutbox } from '../jobs/mail-drain.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

let ip = 0;
const agent = () => t.agent(`198.18.5.${++ip}`);
async function mailsTo(to: string, subject: RegExp) {
  await drainOutbox(t.database.db, t.deps.mail, { from: t.deps.config.emailFrom });
  return readMailDir((t.deps.mail as unknown as { dir: string }).dir).filter((m) => m.to === to && subject.test(m.subject));
}

/** The whole test-provider subscribe flow for a new account. */
async function subscribe(a: Agent, email: string) {
  const account = { email, name: 'Rita Receipt', password: 'secret123', homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId };
  const { completed } = await subscribeThroughApi(a, account);
  expect(completed?.status).toBe(200);
  return completed!;
}

describe('merchant mail', () => {
  it('approval mails the owner once; approving again mails nothing', async () => {
    const admin = agent();
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.post(`/api/admin/merchants/${SEED.pendingMerchantId}/approve`)).status).toBe(200);
    expect((await admin.post(`/api/admin/merchants/${SEED.pendingMerchantId}/approve`)).status).toBe(200);
    const mails = await mailsTo(SEED.pendingOwner.email, /is approved on Pay Local/);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Pete's Hardware is approved on Pay Local");
    expect(mails[0].text).toContain('http://localhost:3000/merchant');
  });

  it('deleting a business mails its owner a polite note', async () => {
    const admin = agent();
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.delete(`/api/admin/merchants/${SEED.activeMerchantId}`)).status).toBe(200);
    const [mail] = await mailsTo(SEED.merchantOwner.email, /has been removed from Pay Local/);
    expect(mail.text).toContain('Thank you for the time you spent with us');
  });
});

describe('membership mail', () => {
  it('a successful payment mails a receipt with plan, period and the 10% for the charity; a verification link too', async () => {
    const email = `receipt-${Date.now()}@example.com`;
    await subscribe(agent(), email);
    const [receipt] = await mailsTo(email, /Your Pay Local receipt/);
    expect(receipt.text).toContain('$9.99 for the Monthly plan');
    expect(receipt.text).toMatch(/Period: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\./);
    const [charity] = await asService(t.database, (q) => q<{ name: string }>(`select name from public.charities where id = $1`, [SEED.lyonsCharityId]));
    expect(receipt.text).toContain(`$1.00 (10%) goes to ${charity.name}`);
    expect(await mailsTo(email, /Confirm your email address/)).toHaveLength(1);
  });

  it('pause and cancel each mail a confirmation once', async () => {
    const a = agent();
    const email = `changes-${Date.now()}@example.com`;
    await subscribe(a, email);
    expect((await a.post('/api/subscription/pause')).status).toBe(200);
    expect((await a.post('/api/subscription/pause')).status).toBe(200);
    expect(await mailsTo(email, /membership is paused/)).toHaveLength(1);

    const b = agent();
    const other = `cancels-${Date.now()}@example.com`;
    await subscribe(b, other);
    expect((await b.post('/api/subscription/cancel')).status).toBe(200);
    expect((await b.post('/api/subscription/cancel')).status).toBe(200);
    const cancelled = await mailsTo(other, /membership is cancelled/);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].text).toMatch(/stays active until \d{4}-\d{2}-\d{2}/);
  });
});

import { planTerms } from '../../_shared/constants.ts';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../../../local/admin-sql.ts';
import { TEST_ADMIN, SEED } from '../../../../tests/support/constants.ts';
import { parseEml, readMailDir } from '../../../../tests/support/mail.ts';
import { startResendDouble, type ResendDouble } from '../../../../tests/support/resend-double.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { asAnon, asService, asUser, openTestDatabase } from '../../../../tests/support/test-database.ts';
import { emlFileMailer, renderEml } from '../ports/mail/eml-file-mailer.ts';
import { MailSendError, type MailPort } from '../ports/mail/mail-port.ts';
import { backoffSeconds } from './drain-loop.ts';
import { claimDue, enqueueMail } from '../mail/outbox.ts';
import { drainOutbox } from './mail-drain.ts';
import { resendMailer } from '../ports/mail/resend-mailer.ts';
import { passwordResetMail, receiptMail } from '../mail/templates.ts';

const FROM = 'Pay Local <no-reply@paylocal.local>';
const message = {
  from: FROM, to: 'casey@example.com', subject: 'Café – résumé', text: 'Héllo\nline two with a very long line '.repeat(4),
  html: '<p>Héllo</p>', idempotencyKey: 'k-1',
};
const tempDir = () => mkdtempSync(join(tmpdir(), 'paylocal-mail-test-'));

describe('templates', () => {
  it('have a plain-text part, the product name and a link back to the site', () => {
    const mail = passwordResetMail({ name: 'Casey <b>', siteUrl: 'https://paylocal.example', token: 'abc' });
    expect(mail.text).toContain('Pay Local');
    expect(mail.text).toContain('https://paylocal.example/reset-password?token=abc');
    expect(mail.text).toContain('https://paylocal.example');
    expect(mail.html).toContain('Casey &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    const receipt = receiptMail({
      name: 'C', siteUrl: 'http://x', planLabel: 'Monthly', amountCents: 1999, charityCents: 200,
      charityName: 'Lyons Food Bank', periodStart: '2026-11-01', periodEnd: '2026-12-01', terms: planTerms('weekend'),
      receiptPath: '/receipts/p1',
    });
    expect(receipt.text).toContain('$2.00 (10%) goes to Lyons Food Bank');
    // The receipt is the app's page (issue 39), not mail HTML served by the API.
    expect(receipt.text).toContain('See your receipt: http://x/receipts/p1');
    // The terms travel with the receipt (issue 27): a pass says it does not renew.
    expect(receipt.text).toContain('The pass does not renew');
  });
});

describe('.eml adapter', () => {
  it('writes RFC 5322 multipart/alternative with a text and an HTML part, decoded back intact', async () => {
    const dir = tempDir();
    await emlFileMailer(dir).send(message);
    const [mail] = readMailDir(dir);
    expect(mail.raw).toMatch(/^From: Pay Local <no-reply@paylocal.local>\r\n/);
    expect(mail.raw).toContain('MIME-Version: 1.0\r\n');
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative; boundary="/);
    expect(mail.raw).toMatch(/\r\nDate: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000\r\n/);
    expect(mail.raw.split('\r\n').every((line) => line.length <= 998)).toBe(true);
    expect(mail.raw.split('\r\n').filter((l) => l.includes('line two')).every((l) => l.length <= 76)).toBe(true);
    expect(mail.subject).toBe('Café – résumé');
    expect(mail.text).toBe(message.text);
    expect(mail.html).toBe(message.html);
  });

  it('writes one file per idempotency key however often it is sent', async () => {
    const dir = tempDir();
    const mailer = emlFileMailer(dir);
    await Promise.all([mailer.send(message), mailer.send(message), mailer.send({ ...message, idempotencyKey: 'k-2' })]);
    expect(readdirSync(dir).sort()).toEqual(['k-1.eml', 'k-2.eml']);
    expect(parseEml(renderEml(message)).text).toBe(message.text);
  });
});

describe('Resend adapter against the double', () => {
  let resend: ResendDouble;
  beforeAll(async () => { resend = await startResendDouble(); });
  afterAll(() => resend.close());

  it('POSTs /emails with the Bearer key, JSON body and Idempotency-Key; a repeat is not a second mail', async () => {
    const mailer = resendMailer({ apiKey: resend.apiKey, baseUrl: resend.url });
    const first = await mailer.send({ ...message, idempotencyKey: 'r-1' });
    const again = await mailer.send({ ...message, idempotencyKey: 'r-1' });
    expect(again.id).toBe(first.id);
    const mine = resend.delivered.filter((d) => d.idempotencyKey === 'r-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ from: FROM, to: ['casey@example.com'], subject: message.subject, text: message.text });
    const req = resend.requests.at(-1)!;
    expect(req.headers.authorization).toBe(`Bearer ${resend.apiKey}`);
    expect(req.headers['content-type']).toBe('application/json');
  });

  it('calls a 5xx or 429 retryable and a bad key permanent', async () => {
    const mailer = resendMailer({ apiKey: resend.apiKey, baseUrl: resend.url });
    resend.failNext(500);
    await expect(mailer.send({ ...message, idempotencyKey: 'r-2' })).rejects.toMatchObject({ retryable: true });
    resend.failNext(429);
    await expect(mailer.send({ ...message, idempotencyKey: 'r-2' })).rejects.toMatchObject({ retryable: true });
    const wrongKey = resendMailer({ apiKey: 're_wrong', baseUrl: resend.url });
    const error = await wrongKey.send({ ...message, idempotencyKey: 'r-3' }).catch((e: MailSendError) => e);
    expect(error).toBeInstanceOf(MailSendError);
    expect(error).toMatchObject({ retryable: false, message: 'resend 403 invalid_api_key' });
    expect(String((error as Error).message)).not.toContain('re_wrong');
    const down = resendMailer({ apiKey: resend.apiKey, baseUrl: 'http://127.0.0.1:1' });
    await expect(down.send(message)).rejects.toMatchObject({ retryable: true });
  });
});

describe('outbox', () => {
  let database: OpenedDatabase;
  let resend: ResendDouble;
  beforeAll(async () => {
    database = await openTestDatabase();
    resend = await startResendDouble();
  });
  afterAll(async () => {
    await resend.close();
    await database.close();
  });

  const enqueue = (to: string, subject: string) => asService(database, (q) => enqueueMail(q, to, {
    kind: 'test', subject, text: `text of ${subject}`, html: `<p>${subject}</p>`,
  }));
  const statusOf = async (id: string) => (await asService(database, (q) => q<{ status: string; attempts: number; next_attempt_at: Date; last_error: string | null }>(
    `select status, attempts, next_attempt_at, last_error from private.mail_outbox where id = $1`, [id])))[0];

  it('is written in the transaction of its cause: a rollback leaves no mail', async () => {
    await expect(asService(database, async (q) => {
      await enqueueMail(q, 'rollback@example.com', { kind: 'test', subject: 's', text: 't', html: 'h' });
      throw new Error('cause failed');
    })).rejects.toThrow('cause failed');
    const rows = await asService(database, (q) => q(`select 1 from private.mail_outbox where to_address = 'rollback@example.com'`));
    expect(rows).toHaveLength(0);
  });

  it('sends each message once through Resend, and not again on the next drain', async () => {
    const mailer = resendMailer({ apiKey: resend.apiKey, baseUrl: resend.url });
    const a = await enqueue('once-a@example.com', 'Once A');
    const b = await enqueue('once-b@example.com', 'Once B');
    const result = await drainOutbox(database.db, mailer, { from: FROM });
    expect(result.sent).toBeGreaterThanOrEqual(2);
    await drainOutbox(database.db, mailer, { from: FROM });
    expect(resend.delivered.filter((d) => d.to[0].startsWith('once-'))).toHaveLength(2);
    expect((await statusOf(a)).status).toBe('sent');
    expect((await statusOf(b)).status).toBe('sent');
  });

  it('a drainer that dies between claim and send: the row is reclaimed after the lease and delivered once', async () => {
    const dir = tempDir();
    const mailer = emlFileMailer(dir);
    const id = await enqueue('crash@example.com', 'Crash test');
    // The first drainer claims and "crashes" (never sends, never marks).
    const claimed = await claimDue(database.db, 50, 300);
    expect(claimed.map((r) => r.id)).toContain(id);
    // A restarted drainer inside the lease leaves it alone.
    await drainOutbox(database.db, mailer, { from: FROM });
    expect(readMailDir(dir).filter((m) => m.to === 'crash@example.com')).toHaveLength(0);
    // After the lease it is taken again and sent once.
    await asService(database, (q) => q(`update private.mail_outbox set claimed_at = now() - interval '10 minutes' where id = $1`, [id]));
    await drainOutbox(database.db, mailer, { from: FROM });
    await drainOutbox(database.db, mailer, { from: FROM });
    expect(readMailDir(dir).filter((m) => m.to === 'crash@example.com')).toHaveLength(1);
    expect((await statusOf(id)).status).toBe('sent');
  });

  it('a drainer that dies after sending but before marking: the resend under the same key is not a second mail', async () => {
    const mailer = resendMailer({ apiKey: resend.apiKey, baseUrl: resend.url });
    const id = await enqueue('after-send@example.com', 'After send');
    const [row] = (await claimDue(database.db, 50, 300)).filter((r) => r.id === id);
    await mailer.send({ from: FROM, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, idempotencyKey: row.idempotency_key });
    // crash: never marked sent. The restarted drainer reclaims after the lease.
    await asService(database, (q) => q(`update private.mail_outbox set claimed_at = now() - interval '10 minutes' where id = $1`, [id]));
    await drainOutbox(database.db, mailer, { from: FROM });
    expect(resend.delivered.filter((d) => d.to[0] === 'after-send@example.com')).toHaveLength(1);
    expect(resend.requests.filter((r) => r.body?.to?.[0] === 'after-send@example.com')).toHaveLength(2);
    expect((await statusOf(id)).status).toBe('sent');
  });

  it('two drainers at once claim disjoint rows (skip locked)', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => enqueue(`par-${i}@example.com`, `Parallel ${i}`)));
    const [x, y] = await Promise.all([claimDue(database.db, 3, 300), claimDue(database.db, 3, 300)]);
    const xs = x.map((r) => r.id).filter((id) => ids.includes(id));
    const ys = y.map((r) => r.id).filter((id) => ids.includes(id));
    expect(xs.filter((id) => ys.includes(id))).toEqual([]);
    await asService(database, (q) => q(`update private.mail_outbox set status = 'sent' where id = any($1::uuid[])`, [ids]));
  });

  it('retries with exponential backoff, then gives up; a permanent error gives up at once', async () => {
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, 30, 3600))).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(20, 30, 3600)).toBe(3600);
    let calls = 0;
    const flaky: MailPort = { name: 'resend', send: async () => { calls++; throw new MailSendError('resend 503', true); } };
    const id = await enqueue('flaky@example.com', 'Flaky');
    await drainOutbox(database.db, flaky, { from: FROM, backoffBaseSeconds: 30 });
    let row = await statusOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'resend 503' });
    expect(row.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(25_000);
    // Not due yet: no call.
    const before = calls;
    await drainOutbox(database.db, flaky, { from: FROM });
    expect(calls).toBe(before);
    await asService(database, (q) => q(`update private.mail_outbox set next_attempt_at = now(), attempts = 7 where id = $1`, [id]));
    await drainOutbox(database.db, flaky, { from: FROM, maxAttempts: 8 });
    row = await statusOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });

    const permanent: MailPort = { name: 'resend', send: async () => { throw new MailSendError('resend 422 validation_error', false); } };
    const other = await enqueue('permanent@example.com', 'Permanent');
    await drainOutbox(database.db, permanent, { from: FROM });
    expect(await statusOf(other)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('is closed to clients (RLS on, no grants): anon and members can neither read nor write it', async () => {
    await expect(asAnon(database, (q) => q(`select * from private.mail_outbox`))).rejects.toThrow(/permission denied/);
    await expect(asUser(database, SEED.member.id, (q) => q(`select * from private.mail_outbox`))).rejects.toThrow(/permission denied/);
    await expect(asUser(database, SEED.member.id, (q) => q(
      `insert into private.mail_outbox (kind, to_address, subject, text_body, html_body) values ('x', 'a@b.c', 's', 't', 'h')`))).rejects.toThrow(/permission denied/);
    const [rls] = await asService(database, (q) => q<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where oid = 'private.mail_outbox'::regclass`));
    expect(rls.relrowsecurity).toBe(true);
  });

  it('enqueue_mail lets a member write only to their own address; the admin to anyone; anon not at all', async () => {
    const mail = { kind: 'test', subject: 's', text: 't', html: 'h' };
    await expect(asUser(database, SEED.member.id, (q) => enqueueMail(q, 'someone-else@example.com', mail))).rejects.toThrow(/own address/);
    await expect(asUser(database, SEED.member.id, (q) => enqueueMail(q, SEED.member.email, mail))).resolves.toMatch(/-/);
    await expect(asUser(database, TEST_ADMIN.id, (q) => enqueueMail(q, 'merchant@paylocal.local', mail))).resolves.toMatch(/-/);
    await expect(asAnon(database, (q) => enqueueMail(q, 'x@example.com', mail))).rejects.toThrow(/permission denied/);
  });
});

describe('POST /api/internal/drain-outbox', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_DRAIN_SECRET: 'drain-secret-value' });
    off = await createTestApp();
  });
  afterAll(async () => { await t.close(); await off.close(); });

  const call = (app: TestApp, secret?: string) => app.app.request('http://localhost/api/internal/drain-outbox', {
    method: 'POST', headers: secret ? { 'x-drain-secret': secret, origin: 'https://elsewhere.example' } : {},
  });

  it('drains with the right secret only, and is off when no secret is configured', async () => {
    await asService(t.database, (q) => enqueueMail(q, 'cron@example.com', { kind: 'test', subject: 'Cron', text: 't', html: 'h' }));
    expect((await call(t)).status).toBe(403);
    expect((await call(t, 'wrong')).status).toBe(403);
    const ok = await call(t, 'drain-secret-value');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ sent: 1 });
    expect(readMailDir((t.deps.mail as unknown as { dir: string }).dir).map((m) => m.to)).toEqual(['cron@example.com']);
    expect((await call(off, 'anything')).status).toBe(404);
  });
});

// Message templates: every mail has a plain-text part, the product's name and a link back to the site.
// Links are built from config.linkOrigin: SITE_URL, else the local runner's http://localhost:PORT (decision 176).

import { monthName } from '../../_shared/iso-dates.ts';
import { formatCents } from '../../_shared/money.ts';

export const PRODUCT_NAME = 'Pay Local';

export interface RenderedMail {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

interface Layout {
  kind: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Extra lines after the action (e.g. "valid for one hour"). */
  after?: string[];
  siteUrl: string;
}

function layout({ kind, subject, greeting, paragraphs, action, after = [], siteUrl }: Layout): RenderedMail {
  const text = [
    greeting, '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    `— ${PRODUCT_NAME}`,
    siteUrl,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 24px;font-size:20px;color:#15803d">${PRODUCT_NAME}</h1>
${p(greeting)}
${paragraphs.map(p).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#15803d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#57534e">Or open this address: ${escapeHtml(action.url)}</p>` : ''}
${after.map(p).join('\n')}
<p style="margin:32px 0 0;font-size:13px;color:#57534e">— <a href="${escapeHtml(siteUrl)}" style="color:#15803d">${PRODUCT_NAME}</a></p>
</div></body></html>`;
  return { kind, subject, text, html };
}

const link = (siteUrl: string, path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`;

export function passwordResetMail(p: { name: string; siteUrl: string; token: string }): RenderedMail {
  return layout({
    kind: 'password_reset',
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: `Hi ${p.name},`,
    paragraphs: ['Someone (hopefully you) asked to reset the password of your account.'],
    action: { label: 'Choose a new password', url: link(p.siteUrl, `/reset-password?token=${encodeURIComponent(p.token)}`) },
    after: [
      'The link works once and for one hour. Using it signs you out on every device.',
      'If you did not ask for this, you can ignore this message: your password stays as it is.',
    ],
    siteUrl: p.siteUrl,
  });
}

export function passwordChangedMail(p: { name: string; siteUrl: string }): RenderedMail {
  return layout({
    kind: 'password_changed',
    subject: `Your ${PRODUCT_NAME} password was changed`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      'The password of your account was just changed and your other sessions were signed out.',
      'If this was not you, reset your password now from the sign-in page.',
    ],
    action: { label: 'Sign in', url: link(p.siteUrl, '/login') },
    siteUrl: p.siteUrl,
  });
}

export function verifyEmailMail(p: { name: string; siteUrl: string; token: string }): RenderedMail {
  return layout({
    kind: 'verify_email',
    subject: `Confirm your email address for ${PRODUCT_NAME}`,
    greeting: `Hi ${p.name},`,
    paragraphs: [`Please confirm that this address belongs to your ${PRODUCT_NAME} account.`],
    action: { label: 'Confirm my address', url: link(p.siteUrl, `/verify-email?token=${encodeURIComponent(p.token)}`) },
    after: ['The link works for 7 days. If you did not create an account, you can ignore this message.'],
    siteUrl: p.siteUrl,
  });
}

export function merchantApprovedMail(p: { name: string; businessName: string; siteUrl: string }): RenderedMail {
  return layout({
    kind: 'merchant_approved',
    subject: `${p.businessName} is approved on ${PRODUCT_NAME}`,
    greeting: `Hi ${p.name},`,
    paragraphs: [`Good news: ${p.businessName} is approved. Members can now find your business, and you can publish deals.`],
    action: { label: 'Open your dashboard', url: link(p.siteUrl, '/merchant') },
    siteUrl: p.siteUrl,
  });
}

export function merchantDeletedMail(p: { name: string; businessName: string; siteUrl: string }): RenderedMail {
  return layout({
    kind: 'merchant_deleted',
    subject: `${p.businessName} has been removed from ${PRODUCT_NAME}`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      `We are writing to let you know that ${p.businessName} and its deals have been removed from ${PRODUCT_NAME}.`,
      'Thank you for the time you spent with us. If you think this was a mistake, just reply to this message.',
    ],
    siteUrl: p.siteUrl,
  });
}

export function receiptMail(p: {
  name: string; siteUrl: string; planLabel: string; amountCents: number; charityCents: number;
  charityName: string | null; periodStart: string; periodEnd: string; terms: string; receiptPath: string;
}): RenderedMail {
  return layout({
    kind: 'receipt',
    subject: `Your ${PRODUCT_NAME} receipt`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      `Thank you for your payment of ${formatCents(p.amountCents)} for the ${p.planLabel} plan.`,
      `Period: ${p.periodStart} to ${p.periodEnd}.`,
      `${formatCents(p.charityCents)} (10%) goes to ${p.charityName ?? 'your local charity'}.`,
      `Terms: ${p.terms}`,
    ],
    action: { label: 'See your receipt', url: link(p.siteUrl, p.receiptPath) },
    siteUrl: p.siteUrl,
  });
}

/** A refund of one of the member's payments (issue 39): what came back, why, and what it did to the charity share. */
export function refundMail(p: {
  name: string; siteUrl: string; amountCents: number; paidCents: number; paidAt: string; planLabel: string;
  reason: string | null; charityCents: number; charityName: string | null; membershipEnded: boolean; receiptPath: string;
}): RenderedMail {
  return layout({
    kind: 'refund',
    subject: `${formatCents(p.amountCents)} refunded to your card`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      `We refunded ${formatCents(p.amountCents)} of your ${formatCents(p.paidCents)} payment of ${p.paidAt} (${p.planLabel} plan) to the card you paid with. Your bank usually shows it within 5 to 10 days.`,
      ...(p.reason ? [`Reason: ${p.reason}`] : []),
      p.charityCents > 0
        ? `${formatCents(p.charityCents)} of the charity share went back with it, so ${p.charityName ?? 'your local charity'} receives that much less.`
        : 'The charity share of this payment is unchanged.',
      p.membershipEnded ? 'All of the payment came back, so your membership has ended.' : 'Your membership stays active.',
    ],
    action: { label: 'See your receipt', url: link(p.siteUrl, p.receiptPath) },
    siteUrl: p.siteUrl,
  });
}

export function membershipChangeMail(p: {
  name: string; siteUrl: string; change: 'cancelled' | 'paused' | 'resumed'; until: string | null;
}): RenderedMail {
  const lines = {
    cancelled: `Your membership is cancelled${p.until ? ` and stays active until ${p.until}` : ''}. You can undo this from your profile until then.`,
    paused: 'Your membership is paused: no further charges until you resume it. You can resume it anytime from your profile.',
    resumed: 'Your membership is active again. Your deal codes are back on your member card.',
  } as const;
  return layout({
    kind: `membership_${p.change}`,
    subject: `Your ${PRODUCT_NAME} membership is ${p.change}`,
    greeting: `Hi ${p.name},`,
    paragraphs: [lines[p.change]],
    action: { label: 'Open your profile', url: link(p.siteUrl, '/profile') },
    siteUrl: p.siteUrl,
  });
}

/** The owner invited a staff member to their counter (decision 166): the link sets a password and a PIN. */
export function staffInviteMail(p: { name: string; businessName: string; siteUrl: string; token: string }): RenderedMail {
  return layout({
    kind: 'staff_invite',
    subject: `${p.businessName} invited you to their counter on ${PRODUCT_NAME}`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      `${p.businessName} added you as staff on ${PRODUCT_NAME}: you will check members' passes and codes at their counter.`,
      'Open the link to choose your password and the 4 to 6 digit PIN you will use on the counter tablet.',
    ],
    action: { label: 'Accept the invite', url: link(p.siteUrl, `/staff/accept?token=${encodeURIComponent(p.token)}`) },
    after: ['The link works for 7 days. If you did not expect this, you can ignore this email.'],
    siteUrl: p.siteUrl,
  });
}

/** To the admin: a bank opened a dispute; the membership is suspended until it is closed (decision 172). */
export function disputeOpenedMail(p: {
  siteUrl: string; memberName: string | null; memberEmail: string | null; amountCents: number; paidAt: string; reason: string | null;
}): RenderedMail {
  return layout({
    kind: 'dispute_opened',
    subject: `A payment dispute was opened (${formatCents(p.amountCents)})`,
    greeting: 'Hello,',
    paragraphs: [
      `The bank of ${p.memberName ?? 'a deleted account'}${p.memberEmail ? ` (${p.memberEmail})` : ''} disputes ${formatCents(p.amountCents)} of the payment of ${p.paidAt}${p.reason ? ` (reason: ${p.reason})` : ''}.`,
      'The membership is suspended until the dispute is closed: won restores it, lost counts as a refund.',
    ],
    action: { label: 'Open the admin', url: link(p.siteUrl, '/admin') },
    siteUrl: p.siteUrl,
  });
}

/** A renewal failed or waits for the bank (decision 171): access lasts until the grace end; how to fix it. */
export function renewalFailedMail(p: {
  name: string; siteUrl: string; amountCents: number; graceEnds: string; actionUrl: string | null; reason: string | null;
}): RenderedMail {
  const action = p.actionUrl !== null;
  return layout({
    kind: action ? 'renewal_action_required' : 'renewal_failed',
    subject: action ? `Confirm your ${PRODUCT_NAME} renewal with your bank` : `Your ${PRODUCT_NAME} renewal payment failed`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      action
        ? `Your bank asks you to confirm the ${formatCents(p.amountCents)} renewal of your membership.`
        : `We could not charge ${formatCents(p.amountCents)} for your membership renewal${p.reason ? ` (${p.reason})` : ''}.`,
      `You keep your member deals until ${p.graceEnds} while we try again. ${action ? 'Confirm the payment' : 'Update your card'} to keep them after that.`,
    ],
    action: action ? { label: 'Confirm the payment', url: p.actionUrl! } : { label: 'Update card', url: link(p.siteUrl, '/profile') },
    siteUrl: p.siteUrl,
  });
}

/** The grace period of a failed renewal ends soon (decision 171). */
export function graceEndingMail(p: { name: string; siteUrl: string; graceEnds: string }): RenderedMail {
  return layout({
    kind: 'grace_ending',
    subject: `Your ${PRODUCT_NAME} membership ends on ${p.graceEnds}`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      `Your renewal is still unpaid, so your member deals stop on ${p.graceEnds}.`,
      'Update your card to keep them: we charge it at once.',
    ],
    action: { label: 'Update card', url: link(p.siteUrl, '/profile') },
    siteUrl: p.siteUrl,
  });
}

/** A pass ends tomorrow and does not renew (decision 171). */
export function passEndingMail(p: { name: string; siteUrl: string; planLabel: string; endsAt: string }): RenderedMail {
  return layout({
    kind: 'pass_ending',
    subject: `Your ${PRODUCT_NAME} ${p.planLabel} pass ends tomorrow`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      `Your ${p.planLabel} pass ends on ${p.endsAt}. It does not renew and you will not be charged again.`,
      'If you would like to keep your member deals, you can renew it or choose a plan from your profile.',
    ],
    action: { label: 'Open your profile', url: link(p.siteUrl, '/profile') },
    siteUrl: p.siteUrl,
  });
}

// The Pay Local promise (decision 191): an upheld "offer not honoured" report, the admin's alert, a paused business.
export function promiseCreditMail(p: { name: string; siteUrl: string; businessName: string; creditCents: number }): RenderedMail {
  return layout({
    kind: 'promise_credit',
    subject: `${formatCents(p.creditCents)} credit: your report about ${p.businessName} was upheld`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      `Your report that ${p.businessName} did not honour a Pay Local offer was upheld. We are sorry it happened.`,
      `${formatCents(p.creditCents)} of credit is on your account: it comes off your next payment, and stays on your account until then.`,
    ],
    action: { label: 'See your profile', url: link(p.siteUrl, '/profile') },
    siteUrl: p.siteUrl,
  });
}

export function offerReportsAlertMail(p: { siteUrl: string; businessName: string; upheld: number }): RenderedMail {
  return layout({
    kind: 'offer_reports_alert',
    subject: `${p.businessName}: ${p.upheld} upheld "offer not honoured" reports in 90 days`,
    greeting: 'Hello,',
    paragraphs: [
      `${p.businessName} now has ${p.upheld} upheld reports of an offer not honoured in the last 90 days.`,
      'You can pause the business from the Reviews & Reports queue: its deals are then no longer listed until you approve it again.',
    ],
    action: { label: 'Open the queue', url: link(p.siteUrl, '/admin') },
    siteUrl: p.siteUrl,
  });
}

/** To the admin address when a condition of the operator's console crosses its threshold (decision 195). */
export function systemAlertMail(p: { title: string; detail: string; siteUrl: string }): RenderedMail {
  return layout({
    kind: 'system_alert',
    subject: `${PRODUCT_NAME} alert: ${p.title}`,
    greeting: 'Hello,',
    paragraphs: [p.detail, 'You will get one more message when it clears (and at most one alert an hour for it).'],
    action: { label: 'Open the System screen', url: link(p.siteUrl, '/admin/system') },
    siteUrl: p.siteUrl,
  });
}

export function businessPausedMail(p: { name: string; siteUrl: string; businessName: string; upheld: number; reason: string | null }): RenderedMail {
  return layout({
    kind: 'business_paused',
    subject: `${p.businessName} is paused on ${PRODUCT_NAME}`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      `${p.businessName} is paused: members reported ${p.upheld} times in the last 90 days that its offers were not honoured, and those reports were upheld.`,
      ...(p.reason ? [`The admin's note: ${p.reason}`] : []),
      'While paused, your deals are not listed. Reply to this message to talk about putting the business back.',
    ],
    action: { label: 'Open your dashboard', url: link(p.siteUrl, '/merchant') },
    siteUrl: p.siteUrl,
  });
}

/** To the admin address when a condition that was alerted on has cleared. */
export function systemResolvedMail(p: { title: string; siteUrl: string }): RenderedMail {
  return layout({
    kind: 'system_resolved',
    subject: `${PRODUCT_NAME} resolved: ${p.title}`,
    greeting: 'Hello,',
    paragraphs: [`This has cleared: ${p.title}.`],
    action: { label: 'Open the System screen', url: link(p.siteUrl, '/admin/system') },
    siteUrl: p.siteUrl,
  });
}

// Gift memberships (decision 201): the buyer's receipt, the recipient's gift on its date.
const giftLength = (months: number) => (months === 12 ? '12-month' : `${months}-month`);

export function giftReceiptMail(p: {
  name: string; siteUrl: string; months: number; amountCents: number; recipientEmail: string; deliverOn: string; receiptToken: string;
}): RenderedMail {
  return layout({
    kind: 'gift_receipt',
    subject: `Your receipt: a ${giftLength(p.months)} Pay Local gift`,
    greeting: `Hi ${p.name},`,
    paragraphs: [
      `Thank you: we received ${formatCents(p.amountCents)} for a ${giftLength(p.months)} Pay Local membership for ${p.recipientEmail}.`,
      `We will email it to them on ${p.deliverOn}. It does not renew. 10% of it goes to a local charity.`,
      'The link below shows whether it has been redeemed.',
    ],
    action: { label: 'See your gift', url: link(p.siteUrl, `/gift-receipt/${encodeURIComponent(p.receiptToken)}`) },
    siteUrl: p.siteUrl,
  });
}

export function giftDeliveryMail(p: { fromName: string; siteUrl: string; months: number; message: string | null; token: string }): RenderedMail {
  return layout({
    kind: 'gift_delivery',
    subject: `${p.fromName} gave you ${p.months === 1 ? 'a month' : `${p.months} months`} of Pay Local`,
    greeting: 'Hello,',
    paragraphs: [
      `${p.fromName} gave you a ${giftLength(p.months)} Pay Local membership: member deals at local businesses, with 10% going to a local charity.`,
      ...(p.message ? [`Their message: “${p.message}”`] : []),
      'Open the link to start it (or to add it to your membership, if you are a member already). It does not renew.',
    ],
    action: { label: 'Open your gift', url: link(p.siteUrl, `/gift/${encodeURIComponent(p.token)}`) },
    siteUrl: p.siteUrl,
  });
}

/** The monthly value report (decision 211): three headline figures of the month and a link to the whole report. */
export function monthlyReportMail(p: {
  ownerName: string; businessName: string; month: string; siteUrl: string;
  figures: { visits: number; newMembers: number; spendCents: number };
}): RenderedMail {
  const month = monthName(p.month);
  return layout({
    kind: 'monthly_report',
    subject: `${p.businessName}: your ${month} with ${PRODUCT_NAME}`,
    greeting: `Hi ${p.ownerName},`,
    paragraphs: [
      `In ${month}, ${PRODUCT_NAME} members made ${p.figures.visits} ${p.figures.visits === 1 ? 'visit' : 'visits'} to ${p.businessName}.`,
      `${p.figures.newMembers} of them ${p.figures.newMembers === 1 ? 'was' : 'were'} new to you, and members spent ${formatCents(p.figures.spendCents)} as recorded at your counter.`,
      'The full report shows discounts given, repeat visits, followers, ratings and the month before side by side.',
    ],
    action: { label: 'See your monthly report', url: link(p.siteUrl, `/merchant/insights/monthly?month=${p.month}`) },
    siteUrl: p.siteUrl,
  });
}

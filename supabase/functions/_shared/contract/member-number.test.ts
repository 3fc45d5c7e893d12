import { describe, expect, it } from 'vitest';
import { memberNumber, memberNumberInput, parseMemberNumber } from './common.ts';
import { earnBody, memberPointsAnswer, verifyCodeBody } from './counter.ts';
import { sessionUser } from './auth.ts';
import { passCertificateAnswer } from './member-pass.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the member number', () => {
  it('reads what is typed at the counter', () => {
    expect(parseMemberNumber('100002')).toBe(100002);
    expect(parseMemberNumber(' #100 002 ')).toBe(100002);
    expect(parseMemberNumber('2147483647')).toBe(2_147_483_647);
    expect(parseMemberNumber('')).toBeNull();
    expect(parseMemberNumber('abc')).toBeNull();
    expect(parseMemberNumber('0')).toBeNull();
    expect(parseMemberNumber('2147483648')).toBeNull();
    expect(parseMemberNumber('12345678901')).toBeNull();
  });

  it('is a number in every answer: the digits as a string (the old answers) are not one', () => {
    expect(memberNumber.parse(100042)).toBe(100042);
    for (const bad of ['100042', 0, -1, 1.5, 2_147_483_648, null]) expect(memberNumber.safeParse(bad).success).toBe(false);
    const user = { id: 'u', name: 'N', email: 'n@example.com', role: 'USER', subscriptionStatus: 'active', createdAt: '', homeCityId: null, preferredCharityId: null };
    expect(sessionUser.parse({ ...user, memberNumber: 100042 }).memberNumber).toBe(100042);
    expect(sessionUser.parse({ ...user, memberNumber: null }).memberNumber).toBeNull();
    expect(sessionUser.safeParse({ ...user, memberNumber: '100042' }).success).toBe(false);
    expect(memberPointsAnswer.safeParse({ memberNumber: '100042', totalPoints: 0, balances: [] }).success).toBe(false);
    expect(memberPointsAnswer.parse({ memberNumber: 100042, totalPoints: 0, balances: [] }).memberNumber).toBe(100042);
    const certificate = { certificate: 'c', expiresAt: '', firstName: 'Maria', deviceId: 'd', personalSecret: 's' };
    expect(passCertificateAnswer.parse({ ...certificate, memberNumber: 100042 }).memberNumber).toBe(100042);
    expect(passCertificateAnswer.safeParse({ ...certificate, memberNumber: '100042' }).success).toBe(false);
  });

  it('is taken in a request as the number or as the digits typed (bodies queued on a tablet replay either way)', () => {
    for (const given of [100042, '100042', '#100042', ' 100042 ', ' #100 042 ']) {
      expect(earnBody.parse({ memberNumber: given, amountCents: 100 }).memberNumber).toBe(100042);
      expect(verifyCodeBody.parse({ code: '123456', memberNumber: given }).memberNumber).toBe(100042);
    }
  });

  it('names what is missing, and refuses anything that is not a member number', () => {
    for (const missing of [undefined, null, '']) {
      expect(messageOf(memberNumberInput().safeParse(missing))).toBe('is required');
      expect(messageOf(memberNumberInput('needs the member').safeParse(missing))).toBe('needs the member');
    }
    for (const bad of ['abc', '0', ' ', 0, -5, 1.5, 2_147_483_648, '2147483648', true, {}]) {
      expect(messageOf(memberNumberInput().safeParse(bad))).toBe('must be a member number');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_HINT, passwordProblem } from './password-rule.ts';
import { newPassword } from './contract/common.ts';
import { changePasswordBody, resetPasswordBody } from './contract/account.ts';

describe('the one password rule (decisions 088, 176)', () => {
  it('names the reason for each refusal', () => {
    expect(passwordProblem('abc123')).toBe('must be at least 8 characters');
    expect(passwordProblem('x'.repeat(73))).toMatch(/^must be at most 72 characters, where an accented letter counts as 2 and an emoji as 4$/);
    expect(passwordProblem('é'.repeat(37))).toMatch(/^must be at most 72 characters, where an accented letter counts as 2 and an emoji as 4$/); // 37 letters, 74 bytes
    expect(passwordProblem(' '.repeat(8))).toBe('must not be only spaces');
    expect(passwordProblem('x'.repeat(72))).toBeNull();
    expect(passwordProblem('long enough')).toBeNull();
  });

  it('counts characters as a person does (an emoji is one)', () => {
    expect(passwordProblem('😀'.repeat(7))).toBe('must be at least 8 characters');
    expect(passwordProblem('😀'.repeat(8))).toBeNull(); // 32 bytes
  });

  it('is the rule of every contract that sets a password, reset and change included', () => {
    expect(newPassword.safeParse('abc123').success).toBe(false);
    expect(resetPasswordBody.safeParse({ token: 't'.repeat(40), password: '123456' }).success).toBe(false);
    expect(resetPasswordBody.safeParse({ token: 't'.repeat(40), password: 'x'.repeat(100) }).success).toBe(false);
    expect(changePasswordBody.safeParse({ currentPassword: 'old', newPassword: 'x'.repeat(100) }).success).toBe(false);
    expect(changePasswordBody.safeParse({ currentPassword: 'old', newPassword: 'long enough' }).success).toBe(true);
  });

  it('is stated in one sentence naming both bounds', () => {
    expect(PASSWORD_RULE_HINT).toBe('8 to 72 characters; not only spaces, not a common password.');
    expect(PASSWORD_RULE_HINT).not.toMatch(/bytes/); // a person counts characters (issue 42)
  });
});

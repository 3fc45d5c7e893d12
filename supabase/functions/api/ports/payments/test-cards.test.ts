import { describe, expect, it } from 'vitest';
import { luhnValid, testCardOutcome } from './test-cards.ts';

const now = new Date('2026-11-22T12:00:00Z');
const card = (cardNumber: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  testCardOutcome({ cardNumber, expMonth: 12, expYear: 2034, cvc: '123', ...extra }, now);

describe('testCardOutcome', () => {
  it('accepts 4242 4242 4242 4242 with spaces', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true });
  });
  it("declines 4000 0000 0000 0002 with Stripe's message", () => {
    expect(card('4000 0000 0000 0002')).toEqual({ ok: false, code: 'card_declined', message: 'Your card was declined.' });
  });
  it('declines insufficient funds with its own message', () => {
    expect(card('4000000000009995')).toMatchObject({ ok: false, code: 'insufficient_funds' });
  });
  it('rejects a mistyped number, a past expiry and a short CVC', () => {
    expect(card('4242 4242 4242 4241')).toMatchObject({ ok: false, code: 'incorrect_number' });
    expect(card('4242424242424242', { expMonth: 10, expYear: 26 })).toMatchObject({ ok: false, code: 'invalid_expiry_year' });
    expect(card('4242424242424242', { expMonth: 11, expYear: 26 })).toEqual({ ok: true });
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject({ ok: false, code: 'incomplete_cvc' });
  });
  it('declines a real-looking card that is not a test card', () => {
    expect(card('4532 0151 1283 0366')).toMatchObject({ ok: false, code: 'card_declined' });
  });
});

describe('luhnValid', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
  });
});

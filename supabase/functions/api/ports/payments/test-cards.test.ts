import { describe, expect, it } from 'vitest';
import { cardLabel } from './payment-provider.ts';
import { luhnValid, testCardDetails, testCardOutcome } from './test-cards.ts';

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

describe('testCardDetails', () => {
  it('names a test card as Stripe\'s payment_method.card would: brand by prefix, last 4, expiry with a four-digit year', () => {
    expect(testCardDetails({ cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 34 })).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(testCardDetails({ cardNumber: '5555555555554444', expMonth: 1, expYear: 2031 })).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(testCardDetails({ cardNumber: '2223003122003222', expMonth: 1, expYear: 2031 }).brand).toBe('mastercard');
    expect(testCardDetails({ cardNumber: '378282246310005', expMonth: 1, expYear: 2031 })).toMatchObject({ brand: 'amex', last4: '0005' });
    expect(testCardDetails({ cardNumber: '6011111111111117', expMonth: 1, expYear: 2031 }).brand).toBe('discover');
    expect(cardLabel(testCardDetails({ cardNumber: '378282246310005', expMonth: 3, expYear: 2031 }))).toBe('American Express •••• 0005, expires 03/2031');
  });
});

// Stripe's documented test card numbers and what the built-in test provider does with them.
// https://docs.stripe.com/testing — messages are Stripe's own decline messages.

import type { ProviderCard } from './payment-provider.ts';

export type TestCardOutcome =
  | { ok: true }
  | { ok: false; code: string; message: string };

const DECLINED = "Your card was declined.";

/** Numbers that decline, with Stripe's code and message. */
const declines: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: DECLINED },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: DECLINED },
  '4000000000009979': { code: 'stolen_card', message: DECLINED },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

/** Numbers that succeed (Visa, Visa debit, Mastercard, Amex, Discover). */
const successes = new Set([
  '4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '5200828282828210',
  '378282246310005', '371449635398431', '6011111111111117',
]);

/** The brand Stripe reports for a test number, by its documented prefixes (Visa 4, Mastercard 51–55 and 2221–2720, Amex 34/37, Discover 6011/65). */
function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** What Stripe's payment_method.card says of a test card the member entered: brand, last 4, expiry. */
export function testCardDetails(card: { cardNumber: string; expMonth: number; expYear: number }): ProviderCard {
  const digits = card.cardNumber.replace(/\D/g, '');
  return { brand: brandOf(digits), last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What Stripe in test mode answers for this card, expiry and CVC. */
export function testCardOutcome(
  input: { cardNumber: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): TestCardOutcome {
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const expiresAfter = new Date(Date.UTC(year, input.expMonth, 1)); // first instant after the expiry month
  if (input.expMonth < 1 || input.expMonth > 12 || expiresAfter <= now) {
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(input.cvc)) {
    return { ok: false, code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  }
  const decline = declines[digits];
  if (decline) return { ok: false, ...decline };
  if (successes.has(digits)) return { ok: true };
  return {
    ok: false,
    code: 'card_declined',
    message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  };
}

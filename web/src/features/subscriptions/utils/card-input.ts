/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34". */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** "12 / 34" → {expMonth: 12, expYear: 2034}, or null when incomplete or not a month. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 4) return null;
  const expMonth = Number(digits.slice(0, 2));
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: 2000 + Number(digits.slice(2)) };
}

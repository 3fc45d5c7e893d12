// What a domain step refuses, said without HTTP: the kind of refusal and a message safe to show the user.
// The one mapping to HTTP statuses is middleware/errors.ts (onError); domain code never imports HTTP errors.

export type DomainErrorKind =
  | 'invalid' // 400: the input does not fit
  | 'payment_required' // 402: the payment was declined or not completed
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict'; // 409: the state does not allow it

export class DomainError extends Error {
  constructor(readonly kind: DomainErrorKind, message: string) {
    super(message);
    this.name = 'DomainError';
  }
}

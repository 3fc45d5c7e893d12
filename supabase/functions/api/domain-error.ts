// What the domain layer refuses, in its own words (decision 177): a kind, a message safe to show the user, and
// for the limits when to try again. The domain never speaks HTTP; http/errors.ts maps each kind to a status
// in one place (onError), the only place that knows both.

export type DomainErrorKind =
  | 'invalid' // the input cannot be used (400)
  | 'unauthenticated' // who is asking is not known (401)
  | 'payment-declined' // the card or bank said no (402)
  | 'forbidden' // known, but not allowed (403)
  | 'not-found' // no such thing, or not the caller's (404)
  | 'conflict' // the thing is in a state that does not allow it (409)
  | 'gone' // it existed and is no longer available (410)
  | 'unprocessable' // well-formed but wrong, e.g. a code that matches nothing (422)
  | 'too-many' // past a limit; retryAfterSeconds says when it works again (429)
  | 'provider-failed' // an outside provider could not do it (502)
  | 'busy'; // at capacity for this work; retryAfterSeconds says when (503)

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** For 'too-many' and 'busy': when the same request will work. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const notFound = (message = 'Not found') => new DomainError('not-found', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const gone = (message: string) => new DomainError('gone', message);
export const tooMany = (message: string, retryAfterSeconds: number) => new DomainError('too-many', message, retryAfterSeconds);

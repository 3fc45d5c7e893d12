/** An error with an HTTP status whose message is safe to show the user. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * 503 with when to try again (`Retry-After`): the server is at capacity for this kind of work (the password
 * workers' queue is full, decision 175). Nothing was done; the same request later will work.
 */
export class ServiceBusy extends HttpError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(503, message);
  }
}

/** 429 with when to try again: the answer carries `Retry-After` (seconds) and `retryAt` (decision 168). */
export class TooManyRequests extends HttpError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, message);
  }
}

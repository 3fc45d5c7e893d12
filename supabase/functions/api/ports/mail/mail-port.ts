// The mail port: one message out, under an idempotency key so a retry after a crash is not a second mail.
// Adapters: .eml files under MAIL_DIR (embedded default) and Resend's HTTPS API (production).

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row: the same key twice sends one message. */
  idempotencyKey: string;
}

/** A send that may succeed later (network, 429, 5xx); anything else is permanent. */
export class MailSendError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
  }
}

export interface MailPort {
  readonly name: 'eml' | 'resend';
  /** Resolves with the provider's message id; throws MailSendError. */
  send(message: MailMessage): Promise<{ id: string }>;
}

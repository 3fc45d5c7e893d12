// Production adapter: Resend's HTTPS API (Edge Functions cannot open SMTP ports). POST {base}/emails with
// the API key as a Bearer token and the outbox row's key as Idempotency-Key (Resend keeps keys 24 hours,
// answering a repeat with the first answer instead of sending again). RESEND_API_URL points it at a double.
import { type MailMessage, MailSendError, type MailPort } from './mail-port.ts';

export interface ResendOptions {
  apiKey: string;
  /** Default https://api.resend.com */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function resendMailer(options: ResendOptions): MailPort {
  const base = (options.baseUrl || 'https://api.resend.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'resend',
    async send(message: MailMessage) {
      let res: Response;
      try {
        res = await doFetch(`${base}/emails`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': message.idempotencyKey,
          },
          body: JSON.stringify({
            from: message.from, to: [message.to], subject: message.subject, html: message.html, text: message.text,
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        // Never the request itself (it holds the key): only the kind of failure.
        throw new MailSendError(`resend unreachable: ${(error as Error).name}`, true);
      }
      const body = (await res.json().catch(() => null)) as { id?: string; name?: string; message?: string } | null;
      if (res.ok && body?.id) return { id: body.id };
      // 429 (rate limit, daily quota), 409 concurrent_idempotent_requests and 5xx may pass; the rest will not.
      const retryable = res.status === 429 || res.status >= 500 || (res.status === 409 && body?.name === 'concurrent_idempotent_requests');
      throw new MailSendError(`resend ${res.status} ${body?.name ?? ''}`.trim(), retryable);
    },
  };
}

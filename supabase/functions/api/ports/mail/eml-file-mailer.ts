// Embedded adapter: every message becomes an RFC 5322 file (multipart/alternative, text + HTML) under
// MAIL_DIR, named by its idempotency key and written exclusively, so a second send of one key is a no-op.
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { textToBase64 } from '../../../_shared/encoding.ts';
import { type MailMessage, MailSendError, type MailPort } from './mail-port.ts';

const safeName = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120);

/** Quoted-printable (RFC 2045 6.7) with soft line breaks at 76 characters, over UTF-8 bytes. */
export function quotedPrintable(text: string): string {
  const bytes = new TextEncoder().encode(text.replace(/\r?\n/g, '\r\n'));
  const lines: string[] = [];
  let line = '';
  const push = (chunk: string) => {
    if (line.length + chunk.length > 75) {
      lines.push(`${line}=`);
      line = '';
    }
    line += chunk;
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 13 && bytes[i + 1] === 10) {
      // Trailing whitespace before a line break must be encoded.
      if (line.endsWith(' ') || line.endsWith('\t')) {
        const last = line.charCodeAt(line.length - 1);
        line = `${line.slice(0, -1)}=${last.toString(16).toUpperCase().padStart(2, '0')}`;
      }
      lines.push(line);
      line = '';
      i++;
      continue;
    }
    const printable = (b >= 33 && b <= 126 && b !== 61) || b === 32 || b === 9;
    push(printable ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`);
  }
  lines.push(line);
  return lines.join('\r\n');
}

/** RFC 2047 encoded-word for a header value that is not plain ASCII. */
export function encodeHeader(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  return `=?UTF-8?B?${textToBase64(value)}?=`;
}

/** The whole message as RFC 5322 text with CRLF line ends. */
export function renderEml(message: MailMessage, date = new Date()): string {
  const boundary = `=_paylocal_${safeName(message.idempotencyKey)}`;
  const domain = /@([^>\s]+)/.exec(message.from)?.[1] ?? 'paylocal.local';
  const headers = [
    `From: ${encodeHeader(message.from)}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${safeName(message.idempotencyKey)}@${domain}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) => [
    `--${boundary}`,
    `Content-Type: ${type}; charset=UTF-8`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(body),
  ].join('\r\n');
  return [...headers, '', part('text/plain', message.text), part('text/html', message.html), `--${boundary}--`, ''].join('\r\n');
}

export function emlFileMailer(dir: string): MailPort & { dir: string } {
  const root = resolve(dir);
  return {
    name: 'eml',
    dir: root,
    async send(message) {
      const name = `${safeName(message.idempotencyKey)}.eml`;
      const path = join(root, name);
      const temp = join(root, `.${name}.${crypto.randomUUID()}.tmp`);
      try {
        await mkdir(root, { recursive: true });
        // Written beside, then hard-linked to its final name: a reader never sees half a file, and the link
        // fails with EEXIST when this key was already delivered, so one key is one file.
        await writeFile(temp, renderEml(message), { flag: 'wx' });
        await link(temp, path).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        });
        return { id: name };
      } catch (error) {
        throw new MailSendError(`could not write ${name}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, true);
      } finally {
        await rm(temp, { force: true });
      }
    },
  };
}

// Reads the .eml files the embedded mail adapter writes: headers, and the decoded text and HTML parts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ReadMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes)).replace(/\r\n/g, '\n');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([^?]+)\?=/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
}

export function parseEml(raw: string, file = ''): ReadMail {
  const [head] = raw.split('\r\n\r\n');
  const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '');
  const boundary = /boundary="([^"]+)"/.exec(head)?.[1] ?? '';
  const parts = raw.split(`--${boundary}`).slice(1, -1);
  const part = (type: string) => {
    const found = parts.find((p) => p.includes(`Content-Type: ${type}`));
    return found ? decodeQuotedPrintable(found.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/\r\n$/, '')) : '';
  };
  return { file, to: header('To'), subject: header('Subject'), text: part('text/plain'), html: part('text/html'), raw };
}

/** Every mail in dir, oldest first. */
export function readMailDir(dir: string): ReadMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && !f.startsWith('.'))
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => a.t - b.t)
    .map(({ f }) => parseEml(readFileSync(join(dir, f), 'utf8'), f));
}

/** Waits for a mail to `to` matching `subject` (the drainer runs on its own clock). */
export async function waitForMail(dir: string, to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReadMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMailDir(dir).filter((m) => m.to === to.toLowerCase() && subject.test(m.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} in ${dir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link to this site's `path` in a mail's text part. */
export function linkIn(mail: ReadMail, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
  return match[0];
}

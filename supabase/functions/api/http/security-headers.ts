// Security headers of every answer (decision 089). The API answers JSON: nothing in it may run or be framed.
// The web app's policy allows its own files, the hashes of index.html's inline scripts (never
// 'unsafe-inline' for scripts), Stripe Elements, and Supabase (Realtime, Storage) in production.

import { bytesToBase64 } from '../../_shared/encoding.ts';

/** Headers every answer carries, page or API. */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The camera for the app's own pages only: the counter scans member passes with it (decision 167).
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(self "https://js.stripe.com"), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The API's policy: JSON only; nothing loads, runs or frames it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const STRIPE = 'https://js.stripe.com';
const SUPABASE = 'https://*.supabase.co';

/** The web app's policy, given the `'sha256-…'` sources of its inline scripts. */
export function webAppCsp(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE} ${scriptHashes.map((h) => `'${h}'`).join(' ')}`.trim(),
    // Inline style attributes and <style> elements some components inject; scripts stay hash-only.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${SUPABASE} https://*.stripe.com`,
    "font-src 'self' data:",
    `connect-src 'self' ${SUPABASE} wss://*.supabase.co https://api.stripe.com`,
    `frame-src ${STRIPE} https://hooks.stripe.com`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The inline `<script>` bodies of an HTML page (those without src), for hashing. */
export const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]);

/** `sha256-<base64>` of a script body, as CSP wants it. */
export async function scriptHash(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
  return `sha256-${bytesToBase64(digest)}`;
}

/**
 * True when the request reached us over HTTPS (directly, or per our proxy in front): `forwardedProto` is
 * X-Forwarded-Proto as http/client-ip.ts forwardedValue reads it, undefined without TRUSTED_PROXY_HOPS.
 */
export const isSecureRequest = (url: string, forwardedProto: string | undefined) =>
  url.startsWith('https:') || forwardedProto === 'https';

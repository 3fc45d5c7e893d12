// HS256 JSON Web Tokens with WebCrypto (same code in Node and Deno).

const encoder = new TextEncoder();

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const base64UrlJson = (value: unknown) => base64Url(encoder.encode(JSON.stringify(value)));

async function hmacSha256(secret: string, data: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(data)));
}

/** Signs `claims` as a compact HS256 JWT. */
export async function signHs256(claims: Record<string, unknown>, secret: string): Promise<string> {
  const unsigned = `${base64UrlJson({ alg: 'HS256', typ: 'JWT' })}.${base64UrlJson(claims)}`;
  return `${unsigned}.${base64Url(await hmacSha256(secret, unsigned))}`;
}

import { execFileSync } from 'node:child_process';
import { createHmac, createPublicKey, createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importRs256PrivateKey, parseEs256PrivateJwk, signEs256, signHs256, signRs256 } from './jwt.ts';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

it('signs an HS256 JWT that verifies with the same secret and carries the claims', async () => {
  const token = await signHs256({ sub: 'u1', role: 'authenticated', exp: 1_900_000_000 }, 'super-secret');
  const [header, payload, signature] = token.split('.');
  expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
  expect(decode(payload)).toEqual({ sub: 'u1', role: 'authenticated', exp: 1_900_000_000 });
  const expected = createHmac('sha256', 'super-secret').update(`${header}.${payload}`).digest('base64url');
  expect(signature).toBe(expected);
  const forged = createHmac('sha256', 'another-secret').update(`${header}.${payload}`).digest('base64url');
  expect(signature).not.toBe(forged);
});

it('encodes non-ASCII claims as UTF-8', async () => {
  const token = await signHs256({ email: 'zoë@example.com' }, 's');
  expect(decode(token.split('.')[1])).toEqual({ email: 'zoë@example.com' });
});

describe('ES256', () => {
  const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));

  async function keyPair(kid = 'key-1') {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    return { publicKey: pair.publicKey, jwkText: JSON.stringify({ ...jwk, kid, alg: 'ES256', key_ops: ['sign'] }) };
  }

  it('signs a token that verifies with the public key, carrying kid and the claims', async () => {
    const { publicKey, jwkText } = await keyPair('kid-abc');
    const token = await signEs256({ sub: 'u1', role: 'authenticated' }, parseEs256PrivateJwk(jwkText));
    const [header, payload, signature] = token.split('.');
    expect(decode(header)).toEqual({ alg: 'ES256', typ: 'JWT', kid: 'kid-abc' });
    expect(decode(payload)).toEqual({ sub: 'u1', role: 'authenticated' });
    const verify = (data: string) => crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, b64(signature), new TextEncoder().encode(data));
    expect(await verify(`${header}.${payload}`)).toBe(true);
    // Changing the claims breaks the signature.
    const forged = Buffer.from(JSON.stringify({ sub: 'u2', role: 'authenticated' })).toString('base64url');
    expect(await verify(`${header}.${forged}`)).toBe(false);
  });

  it('does not verify with another key', async () => {
    const signer = await keyPair();
    const other = await keyPair();
    const [header, payload, signature] = (await signEs256({ sub: 'u1' }, parseEs256PrivateJwk(signer.jwkText))).split('.');
    expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, other.publicKey, b64(signature), new TextEncoder().encode(`${header}.${payload}`))).toBe(false);
  });

  it('reads a one-key JWK set, and refuses public keys, other curves and non-JSON without echoing the text', async () => {
    const { jwkText } = await keyPair('in-a-set');
    expect(parseEs256PrivateJwk(JSON.stringify({ keys: [JSON.parse(jwkText)] })).kid).toBe('in-a-set');
    const { d: _d, ...publicOnly } = JSON.parse(jwkText);
    expect(() => parseEs256PrivateJwk(JSON.stringify(publicOnly))).toThrow(/lacks "d"/);
    expect(() => parseEs256PrivateJwk(JSON.stringify({ ...JSON.parse(jwkText), crv: 'P-384' }))).toThrow(/P-256/);
    expect(() => parseEs256PrivateJwk('{"kty":"EC"')).toThrow('is not JSON (expected a private JWK)');
    const { kid: _kid, ...noKid } = JSON.parse(jwkText);
    expect(() => parseEs256PrivateJwk(JSON.stringify(noKid))).toThrow(/lacks "kid"/);
  });
});

describe('RS256', () => {
  it('signs a JWT that verifies with the RSA public key (openssl-generated PKCS #8 PEM) and with no other', async () => {
    const pem = execFileSync('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'], { encoding: 'utf8' });
    const token = await signRs256({ iss: 'svc@example.iam.gserviceaccount.com', aud: 'google' }, await importRs256PrivateKey(pem), 'k1');
    const [header, payload, signature] = token.split('.');
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'k1' });
    expect(decode(payload)).toEqual({ iss: 'svc@example.iam.gserviceaccount.com', aud: 'google' });
    const verifies = (key: string) => createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(createPublicKey(key), Buffer.from(signature, 'base64url'));
    expect(verifies(pem)).toBe(true);
    expect(verifies(execFileSync('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'], { encoding: 'utf8' }))).toBe(false);
  });

  it('refuses a key that is not PKCS #8 PEM RSA, naming the problem and never the key', async () => {
    await expect(importRs256PrivateKey('not a key')).rejects.toThrow('is not a PKCS #8 private key in PEM');
    await expect(importRs256PrivateKey('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----')).rejects.toThrow('is not an RSA private key');
  });
});

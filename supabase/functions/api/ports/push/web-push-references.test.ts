import { createECDH, createPublicKey, verify } from 'node:crypto';
import * as ece from 'http_ece';
import * as webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { checkVapid, decryptPushBody } from '../../../../../tests/support/push-double.ts';
import { base64UrlToBytes, bytesToBase64Url } from '../../../_shared/encoding.ts';
import { encryptContent, encryptPushPayload, encryptPushPayloadWith, importVapidKey, MAX_PLAINTEXT_BYTES, signVapidJwt } from './web-push-crypto.ts';

// Web push checked against references, not only against the project's own double (issue 29, decision 178):
// the published test vectors of RFC 8291 (Appendix A) and RFC 8188 (sections 3.1 and 3.2), and a round trip
// with the `web-push` library and its `http_ece` (test-only devDependencies) in both directions.

const b = base64UrlToBytes;
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** RFC 8291 Appendix A, line breaks removed. */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

/** RFC 8188 section 3.1 (one record, no keyid) and 3.2 (records of 25 bytes, keyid "a1", one byte of padding). */
const RFC8188 = {
  plaintext: 'I am the walrus',
  single: { ikm: 'yqdlZ-tYemfogSmv7Ws5PQ', salt: 'I1BsxtFttlv3u_Oo94xnmw', body: 'I1BsxtFttlv3u_Oo94xnmwAAEAAA-NAVub2qFgBEuQKRapoZu-IxkIva3MEB1PD-ly8Thjg' },
  multiple: {
    ikm: 'BO3ZVPxUlnLORbVGMpbT1Q', salt: 'uNCkWiNYzKTnBN9ji3-qWA',
    body: 'uNCkWiNYzKTnBN9ji3-qWAAAABkCYTHOG8chz_gnvgOqdGYovxyjuqRyJFjEDyoF1Fvkj6hQPdPHI51OEUKEpgz3SsLWIqS_uA',
  },
};

/** A P-256 key pair from its raw public point and private scalar, for ECDH. */
async function ecdhPair(publicPoint: string, privateScalar: string): Promise<CryptoKeyPair> {
  const point = b(publicPoint);
  const jwk = { kty: 'EC', crv: 'P-256', x: bytesToBase64Url(point.subarray(1, 33)), y: bytesToBase64Url(point.subarray(33)), d: privateScalar };
  return {
    publicKey: await crypto.subtle.importKey('raw', point, { name: 'ECDH', namedCurve: 'P-256' }, true, []),
    privateKey: await crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']),
  };
}

/** A browser's subscription: P-256 key pair and auth secret, as Node's ECDH object (for http_ece) and as WebCrypto keys. */
async function newSubscriber() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const p256dh = bytesToBase64Url(ecdh.getPublicKey());
  const pair = await ecdhPair(p256dh, bytesToBase64Url(ecdh.getPrivateKey()));
  return { ecdh, keys: { p256dh, auth: bytesToBase64Url(auth) }, held: { privateKey: pair.privateKey, publicRaw: b(p256dh), auth } };
}

describe('RFC 8291 Appendix A', () => {
  it('the project reproduces the example message byte for byte', async () => {
    const body = await encryptPushPayloadWith(new TextEncoder().encode(RFC8291.plaintext), { p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret }, {
      salt: b(RFC8291.salt), asPair: await ecdhPair(RFC8291.asPublic, RFC8291.asPrivate),
    });
    expect(bytesToBase64Url(body)).toBe(RFC8291.body);
  });

  it('http_ece opens the example with the user agent private key (the vector is what the reference reads)', () => {
    const ua = createECDH('prime256v1');
    ua.setPrivateKey(Buffer.from(b(RFC8291.uaPrivate)));
    const plain = ece.decrypt(Buffer.from(b(RFC8291.body)), { version: 'aes128gcm', privateKey: ua, authSecret: RFC8291.authSecret });
    expect(plain.toString('utf8')).toBe(RFC8291.plaintext);
  });
});

describe('RFC 8188 examples', () => {
  const walrus = new TextEncoder().encode(RFC8188.plaintext);

  it('section 3.1: the project writes the single-record example byte for byte', async () => {
    const { ikm, salt, body } = RFC8188.single;
    const written = await encryptContent(b(ikm), walrus, { salt: b(salt), keyid: new Uint8Array(0), rs: 4096 });
    expect(bytesToBase64Url(written)).toBe(body);
  });

  it('section 3.2: the project writes the same header and records of 25 bytes that http_ece opens; the RFC body opens too', async () => {
    const { ikm, salt, body } = RFC8188.multiple;
    const keyid = new TextEncoder().encode('a1');
    const written = await encryptContent(b(ikm), walrus, { salt: b(salt), keyid, rs: 25 });
    // The example pads its first record with one zero byte; the project never pads, so the ciphertext differs
    // after the header, and every record but the last is exactly rs bytes.
    const header = 16 + 4 + 1 + keyid.length;
    expect(bytesToBase64Url(written.subarray(0, header))).toBe(bytesToBase64Url(b(body).subarray(0, header)));
    expect((written.length - header) % 25).not.toBe(0);
    expect(written.length - header).toBeGreaterThan(25);
    expect(ece.decrypt(Buffer.from(written), { version: 'aes128gcm', key: ikm }).toString('utf8')).toBe(RFC8188.plaintext);
    expect(ece.decrypt(Buffer.from(b(body)), { version: 'aes128gcm', key: ikm }).toString('utf8')).toBe(RFC8188.plaintext);
  });

  it('records of every size: http_ece opens what the project writes, for plaintexts around record boundaries', async () => {
    const ikm = crypto.getRandomValues(new Uint8Array(16));
    for (const rs of [18, 25, 100]) {
      for (const length of [0, 1, rs - 18, rs - 17, rs - 16, 2 * (rs - 17), 2 * (rs - 17) + 1, 300]) {
        const plain = crypto.getRandomValues(new Uint8Array(length));
        const written = await encryptContent(ikm, plain, { salt: crypto.getRandomValues(new Uint8Array(16)), keyid: new Uint8Array(0), rs });
        const opened = ece.decrypt(Buffer.from(written), { version: 'aes128gcm', key: Buffer.from(ikm) });
        expect([...opened], `rs ${rs}, ${length} bytes`).toEqual([...plain]);
      }
    }
  });
});

describe('round trip with the web-push library', () => {
  it('what the project encrypts, http_ece decrypts with the subscription private key (0 to 3,993 bytes)', async () => {
    const subscriber = await newSubscriber();
    for (const length of [0, 1, 100, 3000, MAX_PLAINTEXT_BYTES]) {
      const plain = new TextEncoder().encode('é'.repeat(length)).slice(0, length);
      const body = await encryptPushPayload(plain, subscriber.keys);
      expect(body.length).toBeLessThanOrEqual(4096);
      const opened = ece.decrypt(Buffer.from(body), { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: subscriber.keys.auth });
      expect([...opened], `${length} bytes`).toEqual([...plain]);
    }
  });

  it('what web-push encrypts, the project opens (the push double decrypts as a browser does)', async () => {
    const subscriber = await newSubscriber();
    const message = JSON.stringify({ title: 'New deal', body: 'Coffee — 20% off ☕' });
    const { cipherText } = webPush.encrypt(subscriber.keys.p256dh, subscriber.keys.auth, message, 'aes128gcm');
    expect(await decryptPushBody(new Uint8Array(cipherText), subscriber.held)).toBe(message);
  });

  it('a body for another subscription does not open', async () => {
    const [one, other] = [await newSubscriber(), await newSubscriber()];
    const body = await encryptPushPayload(new TextEncoder().encode('hello'), one.keys);
    expect(() => ece.decrypt(Buffer.from(body), { version: 'aes128gcm', privateKey: other.ecdh, authSecret: other.keys.auth })).toThrow();
  });
});

describe('VAPID (RFC 8292) against references', () => {
  const keys = webPush.generateVAPIDKeys();
  const audience = 'https://push.example.net';

  it("the project's token verifies with Node's ECDSA (P1363) on the web-push key pair, with the claims push services check", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signVapidJwt(await importVapidKey(keys), audience, 'mailto:ops@paylocal.test', now);
    const [head, claims, signature] = token.split('.');
    expect(JSON.parse(text(b(head)))).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(JSON.parse(text(b(claims)))).toEqual({ aud: audience, exp: now + 12 * 3600, sub: 'mailto:ops@paylocal.test' });
    const point = b(keys.publicKey);
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: bytesToBase64Url(point.subarray(1, 33)), y: bytesToBase64Url(point.subarray(33)) }, format: 'jwk' });
    const data = Buffer.from(`${head}.${claims}`);
    expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, b(signature))).toBe(true);
    expect(verify('sha256', Buffer.from(`${head}.${claims}x`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, b(signature))).toBe(false);
  });

  it("web-push's Authorization header passes the checks the project's push double makes, as the project's own does", async () => {
    const { Authorization } = webPush.getVapidHeaders(audience, 'mailto:ops@paylocal.test', keys.publicKey, keys.privateKey, 'aes128gcm');
    expect(await checkVapid(Authorization, audience, keys.publicKey)).toBeNull();
    expect(await checkVapid(Authorization, 'https://other.example', keys.publicKey)).toMatch(/aud/);
    const ours = `vapid t=${await signVapidJwt(await importVapidKey(keys), audience, 'mailto:ops@paylocal.test')}, k=${keys.publicKey}`;
    expect(await checkVapid(ours, audience, keys.publicKey)).toBeNull();
  });
});

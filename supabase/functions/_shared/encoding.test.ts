import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  base64ToBytes, base64UrlToBytes, base64UrlToText, bytesToBase64, bytesToBase64Url, bytesToHex, hexToBytes, textToBase64,
  textToBase64Url,
} from './encoding.ts';

// Node's Buffer is the reference here (tests only; the module itself is Web APIs, for Deno and the browser).
const sample = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 151 + 7) % 256);

describe('encoding', () => {
  it('writes base64 and base64url as Node does, for every length mod 3 and past the 32 KiB slice', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 65, 0x8000 + 1, 100_000]) {
      const bytes = sample(length);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      expect(bytesToBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      expect([...base64UrlToBytes(bytesToBase64Url(bytes))]).toEqual([...bytes]);
      expect([...base64ToBytes(bytesToBase64(bytes))]).toEqual([...bytes]);
    }
  });

  it('RFC 4648 section 10 test vectors', () => {
    const vectors: [string, string][] = [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']];
    for (const [text, base64] of vectors) {
      expect(textToBase64(text)).toBe(base64);
      expect(textToBase64Url(text)).toBe(base64.replace(/=+$/, ''));
      expect(base64UrlToText(textToBase64Url(text))).toBe(text);
    }
  });

  it('uses the URL alphabet and keeps UTF-8', () => {
    expect(bytesToBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('+/+/');
    expect(base64UrlToText(textToBase64Url('Café ☕'))).toBe('Café ☕');
  });

  it('refuses what is not base64url without padding', () => {
    for (const bad of ['not base64!', 'Zg==', '+/+/', 'abcde']) expect(() => base64UrlToBytes(bad)).toThrow('invalid base64url');
  });

  it('hex both ways', () => {
    expect(bytesToHex(new Uint8Array([0, 255, 16]))).toBe('00ff10');
    expect([...hexToBytes('00ff10')]).toEqual([0, 255, 16]);
    expect([...hexToBytes('00FF10')]).toEqual([0, 255, 16]);
    expect(bytesToHex(sample(300))).toBe(Buffer.from(sample(300)).toString('hex'));
    expect(() => hexToBytes('abc')).toThrow('invalid hex');
    expect(() => hexToBytes('zz')).toThrow('invalid hex');
  });
});

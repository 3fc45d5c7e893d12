import { describe, expect, it } from 'vitest';
import { checkUploadSignature, objectKeyFromAddress, signUploadUrl } from './upload-signing.ts';

const secret = 'test-secret';
const key = 'uploads/a0000000-0000-4000-8000-000000000002/abc123';

const parts = (url: string) => {
  const u = new URL(url, 'http://x');
  return { expires: u.searchParams.get('expires')!, signature: u.searchParams.get('signature')! };
};

describe('signed upload addresses', () => {
  it('accept their own key before the expiry', async () => {
    const url = await signUploadUrl(secret, key, 1000);
    const { expires, signature } = parts(url);
    expect(await checkUploadSignature(secret, key, expires, signature, 999)).toBe('ok');
  });

  it('report expiry at and after the expiry second', async () => {
    const { expires, signature } = parts(await signUploadUrl(secret, key, 1000));
    expect(await checkUploadSignature(secret, key, expires, signature, 1000)).toBe('expired');
  });

  it('refuse another key, a changed expiry, another secret and a missing signature', async () => {
    const { expires, signature } = parts(await signUploadUrl(secret, key, 1000));
    expect(await checkUploadSignature(secret, `${key}x`, expires, signature, 1)).toBe('invalid');
    expect(await checkUploadSignature(secret, key, '2000', signature, 1)).toBe('invalid');
    expect(await checkUploadSignature('other', key, expires, signature, 1)).toBe('invalid');
    expect(await checkUploadSignature(secret, key, expires, undefined, 1)).toBe('invalid');
  });
});

describe('objectKeyFromAddress', () => {
  it('reads the key from an upload address, absolute or relative, and from an /objects/ path', async () => {
    const url = await signUploadUrl(secret, key, 1000);
    expect(objectKeyFromAddress(url)).toBe(key);
    expect(objectKeyFromAddress(`https://paylocal.example${url}`)).toBe(key);
    expect(objectKeyFromAddress(`/objects/${key}`)).toBe(key);
    expect(objectKeyFromAddress('https://elsewhere.example/logo.png')).toBeNull();
  });
});

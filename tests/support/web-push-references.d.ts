// The little of `web-push` and `http_ece` (test-only references for RFC 8291/8188, decision 178) the tests use;
// neither package ships types.
declare module 'web-push' {
  export function encrypt(
    userPublicKey: string, userAuth: string, payload: string | Buffer, contentEncoding: 'aes128gcm' | 'aesgcm',
  ): { localPublicKey: Buffer; salt: string; cipherText: Buffer };
  export function getVapidHeaders(
    audience: string, subject: string, publicKey: string, privateKey: string, contentEncoding: 'aes128gcm' | 'aesgcm', expiration?: number,
  ): { Authorization: string };
  export function generateVAPIDKeys(): { publicKey: string; privateKey: string };
}

declare module 'http_ece' {
  interface EceParams {
    version?: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    key?: string | Buffer;
    keyid?: string | Buffer;
    salt?: string | Buffer;
    rs?: number;
    pad?: number;
    privateKey?: import('node:crypto').ECDH;
    dh?: string | Buffer;
    authSecret?: string | Buffer;
  }
  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
}

// Google Wallet's REST API (walletobjects.googleapis.com, decision 207) with a service account: an OAuth2 access
// token from the JWT-bearer grant (RFC 7523, the assertion signed RS256 by the one JWT signer), the platform's
// loyalty class made once, one loyalty object per member inserted or patched, and the "save to wallet" link (a
// JWT of typ savetowallet naming the object, signed with the same key). `apiUrl` and the account's token URI
// point at the test double in tests.
import { importRs256PrivateKey, signRs256 } from '../jwt.ts';

const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
export const GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com';
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** An access token is reused until this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** The parts of a service account's JSON key file the API uses. */
export interface GoogleServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri: string;
}

export interface GoogleWalletSettings {
  issuerId: string;
  account: GoogleServiceAccount;
  /** The site's origin: allowed to show the save button, and the home of the program's logo. */
  siteUrl: string;
  apiUrl: string;
}

/**
 * Reads a service account's JSON key file (GOOGLE_WALLET_SERVICE_ACCOUNT). Throws a message naming what is
 * wrong, never the key.
 */
export function parseGoogleServiceAccount(text: string): GoogleServiceAccount {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error("is not JSON (expected the service account's key file)");
  }
  for (const field of ['client_email', 'private_key'] as const) {
    if (typeof value?.[field] !== 'string' || !value[field]) throw new Error(`lacks "${field}"`);
  }
  if (!String(value.private_key).includes('-----BEGIN PRIVATE KEY-----')) throw new Error('has a private_key that is not a PKCS #8 PEM key');
  return {
    client_email: String(value.client_email),
    private_key: String(value.private_key),
    private_key_id: typeof value.private_key_id === 'string' ? value.private_key_id : undefined,
    token_uri: typeof value.token_uri === 'string' && value.token_uri ? value.token_uri : 'https://oauth2.googleapis.com/token',
  };
}

/** The fields of a loyalty object Pay Local writes (LoyaltyObject in Google's reference). */
export interface LoyaltyObject {
  id: string;
  classId: string;
  state: 'ACTIVE' | 'EXPIRED';
  accountId: string;
  accountName: string;
  validTimeInterval?: { end: { date: string } };
  rotatingBarcode: {
    type: 'QR_CODE';
    valuePattern: string;
    alternateText?: string;
    totpDetails: { periodMillis: string; algorithm: 'TOTP_SHA1'; parameters: { key: string; valueLength: number }[] };
  };
}

export interface GoogleWallet {
  readonly issuerId: string;
  /** Inserts the object, or patches it when it exists (409 on insert). */
  saveObject(object: LoyaltyObject): Promise<void>;
  /** Marks an object EXPIRED (the membership ended); an object never inserted is left so. */
  expireObject(objectId: string): Promise<void>;
  /** The link that adds the object to the member's Google Wallet. */
  saveUrl(objectId: string, nowMs: number): Promise<string>;
}

export class GoogleWalletError extends Error {}

const SITE_NAME = 'Pay Local';

/** The platform's one loyalty class id: every member's object belongs to it. */
export const loyaltyClassId = (issuerId: string) => `${issuerId}.pay-local-member`;

/** The platform's one loyalty class (programName and programLogo are required by Google). */
export const loyaltyClassOf = (issuerId: string, siteUrl: string) => ({
  id: loyaltyClassId(issuerId),
  issuerName: SITE_NAME,
  programName: `${SITE_NAME} membership`,
  programLogo: { sourceUri: { uri: `${siteUrl}/icons/icon-512.png` } },
  accountNameLabel: 'Member',
  accountIdLabel: 'Member number',
  hexBackgroundColor: '#0f766e',
  reviewStatus: 'UNDER_REVIEW',
});

export function googleWallet(settings: GoogleWalletSettings, options: { fetch?: typeof fetch } = {}): GoogleWallet {
  const doFetch = options.fetch ?? fetch;
  const key = importRs256PrivateKey(settings.account.private_key);
  let token: { value: string; expiresAtMs: number } | null = null;
  let classReady: Promise<void> | null = null;

  const assertion = async (claims: Record<string, unknown>) => signRs256(claims, await key, settings.account.private_key_id);

  async function accessToken(): Promise<string> {
    const now = Date.now();
    if (token && token.expiresAtMs - TOKEN_MARGIN_MS > now) return token.value;
    const iat = Math.floor(now / 1000);
    const jwt = await assertion({ iss: settings.account.client_email, scope: WALLET_SCOPE, aud: settings.account.token_uri, iat, exp: iat + 3600 });
    const response = await doFetch(settings.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jwt }),
    });
    if (!response.ok) throw new GoogleWalletError(`Google token exchange failed (${response.status})`);
    const body = await response.json() as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAtMs: now + body.expires_in * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    return doFetch(`${settings.apiUrl}/walletobjects/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  const failed = async (what: string, response: Response) =>
    new GoogleWalletError(`Google Wallet ${what} failed (${response.status}): ${(await response.text()).slice(0, 200)}`);

  /** Inserts the class once per process; a 409 means it is there already. */
  function ensureClass(): Promise<void> {
    classReady ??= (async () => {
      const response = await call('POST', 'loyaltyClass', loyaltyClassOf(settings.issuerId, settings.siteUrl));
      if (!response.ok && response.status !== 409) throw await failed('class insert', response);
    })().catch((error) => {
      classReady = null;
      throw error;
    });
    return classReady;
  }

  return {
    issuerId: settings.issuerId,
    async saveObject(object) {
      await ensureClass();
      const inserted = await call('POST', 'loyaltyObject', object);
      if (inserted.ok) return;
      if (inserted.status !== 409) throw await failed('object insert', inserted);
      const patched = await call('PATCH', `loyaltyObject/${encodeURIComponent(object.id)}`, object);
      if (!patched.ok) throw await failed('object patch', patched);
    },
    async expireObject(objectId) {
      const patched = await call('PATCH', `loyaltyObject/${encodeURIComponent(objectId)}`, { state: 'EXPIRED' });
      if (!patched.ok && patched.status !== 404) throw await failed('object expiry', patched);
    },
    async saveUrl(objectId, nowMs) {
      const jwt = await assertion({
        iss: settings.account.client_email, aud: 'google', typ: 'savetowallet', iat: Math.floor(nowMs / 1000),
        origins: [settings.siteUrl], payload: { loyaltyObjects: [{ id: objectId }] },
      });
      return GOOGLE_SAVE_URL + jwt;
    },
  };
}

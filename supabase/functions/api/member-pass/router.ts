import { Hono } from 'hono';
import { passCertificateBody } from '../../_shared/contract/member-pass.ts';
import { type AppEnv, userTx, servicesOf } from '../http/context.ts';
import { parse, parseJson } from '../http/validate.ts';
import { deviceLabel } from '../http/device-label.ts';
import { uuid } from '../../_shared/contract/common.ts';
import { requireUser } from '../http/session.ts';
import { certifyMemberDevice, memberPoints } from './member-card.ts';
import { issuePassChallenge, listPassDevices, removePassDevice } from './pass-devices.ts';
import { appleWalletPass, googleWalletLink, walletOffers } from './google-wallet-pass.ts';

/** /api/member: the member card (member number and points per business) and its pass (decision 165). */
export const memberPointsRoutes = new Hono<AppEnv>();

memberPointsRoutes.get('/points', async (c) => {
  requireUser(c, 'USER');
  return c.json(await userTx(c, memberPoints));
});

/** POST /api/member/pass-challenge: a one-time challenge (2 minutes) for the device to sign (decision 190). */
memberPointsRoutes.post('/pass-challenge', async (c) => {
  requireUser(c, 'USER');
  return c.json(await issuePassChallenge(servicesOf(c), Date.now()), 201);
});

/**
 * POST /api/member/pass-certificate {x, y, challenge, signature, deviceName?}: certifies the device's pass key for
 * up to 12 hours, when the point is on P-256 and signs the challenge; hands the device the personal-code secret.
 */
memberPointsRoutes.post('/pass-certificate', async (c) => {
  requireUser(c, 'USER');
  const body = await parseJson(c, passCertificateBody);
  // Named as the signed-in devices list names it, unless the app sends a name.
  const named = { ...body, deviceName: body.deviceName ?? deviceLabel(c.req.header('user-agent')).slice(0, 60) };
  return c.json(await certifyMemberDevice(servicesOf(c), named, Date.now()), 201);
});

/** GET /api/member/pass-devices: the member's certified devices (at most 3). */
memberPointsRoutes.get('/pass-devices', async (c) => {
  requireUser(c, 'USER');
  return c.json(await listPassDevices(servicesOf(c)));
});

/** DELETE /api/member/pass-devices/{id}: removes a device; the personal code changes on the others. */
memberPointsRoutes.delete('/pass-devices/:id', async (c) => {
  requireUser(c, 'USER');
  const id = parse(uuid, c.req.param('id'));
  return c.json(await removePassDevice(servicesOf(c), id));
});

/** GET /api/member/wallet-offers: which wallet passes are configured here (the pass sheet shows only those). */
memberPointsRoutes.get('/wallet-offers', (c) => {
  requireUser(c, 'USER');
  return c.json(walletOffers(servicesOf(c)));
});

/**
 * POST /api/member/google-wallet: writes the member's loyalty object to Google Wallet and answers the save link
 * (decision 207); 403 without a membership, 404 when Google Wallet is not configured.
 */
memberPointsRoutes.post('/google-wallet', async (c) => {
  requireUser(c, 'USER');
  return c.json(await googleWalletLink(servicesOf(c), Date.now()));
});

/** GET /api/member/apple-wallet.pkpass: the member's Apple Wallet pass, signed now; 404 when not configured. */
memberPointsRoutes.get('/apple-wallet.pkpass', async (c) => {
  requireUser(c, 'USER');
  const pass = await appleWalletPass(servicesOf(c));
  return c.body(pass as Uint8Array<ArrayBuffer>, 200, {
    'content-type': 'application/vnd.apple.pkpass', 'content-disposition': 'attachment; filename="pay-local-member.pkpass"', 'cache-control': 'no-store',
  });
});

import jsQR from 'jsqr';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { certifyPassKey, generateDeviceKey, passStepAt, publicKeyCoordinates, signPass } from '@shared/member-pass.ts';
import { modulesPath, PASS_QR_BORDER, passQr } from './pass-qr';

/** A real pass, as long as they get: a 40-letter first name and a 10-digit member number. */
async function longestPass(): Promise<string> {
  const platform = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']) as CryptoKeyPair;
  const device = await generateDeviceKey();
  const now = Date.now();
  const certificate = await certifyPassKey({
    v: 1, kid: 'AbCdEfGh', sub: crypto.randomUUID(), mn: 2_147_483_647, fn: 'Maximiliana'.padEnd(40, 'x'),
    ...(await publicKeyCoordinates(device.publicKey)), iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 12 * 3600,
  }, platform.privateKey);
  return signPass(certificate, device.privateKey, passStepAt(now));
}

/** The cells an SVG path of `modulesPath` paints, read back from the path text. */
function paintedCells(path: string, size: number): boolean[][] {
  const cells = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const rest = path.replace(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g, (_, x, y, run, back) => {
    expect(back).toBe(run);
    for (let i = 0; i < Number(run); i++) {
      expect(cells[Number(y)][Number(x) + i], `cell ${x + i},${y} painted twice`).toBe(false);
      cells[Number(y)][Number(x) + i] = true;
    }
    return '';
  });
  expect(rest, 'nothing but rectangles in the path').toBe('');
  return cells;
}

/** The QR as a camera would see it: `scale` pixels per module, RGBA, black on white. */
function rasterize(cells: boolean[][], scale: number) {
  const side = cells.length * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (cells[Math.floor(y / scale)][Math.floor(x / scale)]) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { data, side };
}

describe('the member pass as a QR code', () => {
  it('paints one rectangle per run of dark modules in a row', () => {
    expect(modulesPath([[true, true, false, true], [false, false, false, false], [false, true, true, true]]))
      .toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z');
    expect(modulesPath([[false]])).toBe('');
  });

  it('paints exactly the dark modules of the encoded pass, inside a quiet zone of 4 modules', async () => {
    const text = await longestPass();
    const qr = passQr(text);
    const cells = paintedCells(qr.path, qr.size);
    expect(cells).toEqual(encode(text, { ecc: 'M', border: PASS_QR_BORDER }).data);
    for (let i = 0; i < qr.size; i++) {
      for (let b = 0; b < PASS_QR_BORDER; b++) {
        expect([cells[b][i], cells[qr.size - 1 - b][i], cells[i][b], cells[i][qr.size - 1 - b]]).toEqual([false, false, false, false]);
      }
    }
  });

  it('reads back as the same pass text with the decoder the counter uses (jsQR)', async () => {
    const text = await longestPass();
    expect(text.length).toBeGreaterThan(400);
    const qr = passQr(text);
    // The longest pass still fits a version a tablet camera reads from a phone at the counter.
    expect(qr.version).toBeLessThanOrEqual(20);
    const { data, side } = rasterize(paintedCells(qr.path, qr.size), 4);
    expect(jsQR(data, side, side)?.data).toBe(text);
  });

  it('a changed module is noticed: a damaged code does not read as the pass', async () => {
    const text = await longestPass();
    const qr = passQr(text);
    const cells = paintedCells(qr.path, qr.size);
    // Blank out the top-left finder pattern: no decoder can locate the code any more.
    for (let y = PASS_QR_BORDER; y < PASS_QR_BORDER + 7; y++) for (let x = PASS_QR_BORDER; x < PASS_QR_BORDER + 7; x++) cells[y][x] = false;
    const { data, side } = rasterize(cells, 4);
    expect(jsQR(data, side, side)?.data).not.toBe(text);
  });
});

import { encode } from 'uqr';

/** Modules of white around the code: the quiet zone the QR standard asks for, so a camera finds its edges. */
export const PASS_QR_BORDER = 4;

/** A QR code as one SVG path: `size` modules square (quiet zone included), dark modules in `path`. */
export interface PassQr {
  size: number;
  path: string;
  /** The QR version the text needed (1–40): a member pass is about 450 characters, version 16 or so. */
  version: number;
}

/**
 * The SVG path of the dark modules, one rectangle per run of dark modules in a row (a few hundred rectangles
 * instead of several thousand squares). Row `y`, column `x` is `modules[y][x]`.
 */
export function modulesPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      let run = 1;
      while (row[x + run]) run += 1;
      parts.push(`M${x} ${y}h${run}v1h-${run}z`);
      x += run;
    }
  });
  return parts.join('');
}

/**
 * The member pass as a QR code (byte mode, error correction M: 15% of the code may be lost to glare or a
 * scratched screen and it still reads).
 */
export function passQr(text: string): PassQr {
  const qr = encode(text, { ecc: 'M', border: PASS_QR_BORDER });
  return { size: qr.size, path: modulesPath(qr.data), version: qr.version };
}

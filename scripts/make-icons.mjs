// Renders the PWA icons from web/public/favicon.svg with headless Chromium (works offline).
// Usage: node scripts/make-icons.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import UPNG from 'upng-js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// upng-js (pure JS): the screenshots are quantized to a 256-colour palette, about a fifth of their size. The
// browser downloads the 192 px icon on a first visit (installability) beside the app's own code, and the
// service worker precaches them all.
const svg = readFileSync('web/public/favicon.svg', 'utf8');
const work = mkdtempSync(join(tmpdir(), 'icons-'));

// A maskable icon must keep its content inside the central 80% safe zone on a full-bleed background.
const variants = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
  { file: 'icon-512-maskable.png', size: 512, maskable: true },
];

for (const { file, size, maskable } of variants) {
  const body = maskable
    ? `<div style="width:${size}px;height:${size}px;background:linear-gradient(135deg,#5a9a2b,#2f5a18);display:flex;align-items:center;justify-content:center">
         <div style="width:${size * 0.8}px;height:${size * 0.8}px">${svg.replace(/<rect[^>]*\/>/, '')}</div></div>`
    : `<div style="width:${size}px;height:${size}px">${svg}</div>`;
  const html = join(work, `${file}.html`);
  writeFileSync(html, `<!doctype html><html><body style="margin:0;background:transparent">${body}
    <style>svg{width:100%;height:100%;display:block}</style></body></html>`);
  const out = join(work, file);
  execFileSync(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--hide-scrollbars', '--default-background-color=00000000', `--window-size=${size},${size}`,
    `--screenshot=${out}`, `file://${html}`,
  ], { stdio: 'ignore' });
  const image = UPNG.decode(readFileSync(out));
  writeFileSync(join('web/public/icons', file), Buffer.from(UPNG.encode(UPNG.toRGBA8(image), image.width, image.height, 256)));
  console.log('wrote', file);
}

import { writeFile } from 'node:fs/promises';
import { chromium, devices, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

// A counter tablet whose camera sees a picture the test chose: Chromium's fake capture device plays a Y4M file
// (--use-file-for-fake-video-capture). Each file needs a browser of its own, launched here.

const FRAME = { width: 1280, height: 720 };

/**
 * The member's QR as the phone draws it: the SVG on the page rasterized by the browser, `side` pixels square,
 * as gray levels (one byte a pixel). Also the pass text the QR carries (its data-pass).
 */
export async function phoneQr(phone: Page, side = 560): Promise<{ pass: string; gray: Buffer; side: number }> {
  const qr = phone.getByTestId('member-pass-qr');
  await expect(qr).toHaveAttribute('data-pass', /^PL1\./);
  const { pass, gray } = await qr.evaluate(async (svg, size) => {
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, size, size);
    const rgba = context.getImageData(0, 0, size, size).data;
    const bytes = new Uint8Array(size * size);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round(0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2]);
    return { pass: svg.getAttribute('data-pass')!, gray: Array.from(bytes) };
  }, side);
  return { pass, gray: Buffer.from(gray), side };
}

/**
 * A one-frame Y4M video (4:2:0, full range): the gray square in the middle of a white 1280×720 frame, as a
 * phone held up to the tablet's camera.
 */
export async function writeQrVideo(path: string, qr: { gray: Buffer; side: number }) {
  const { width, height } = FRAME;
  const luma = Buffer.alloc(width * height, 255);
  const left = Math.floor((width - qr.side) / 2);
  const top = Math.floor((height - qr.side) / 2);
  for (let y = 0; y < qr.side; y++) qr.gray.copy(luma, (top + y) * width + left, y * qr.side, (y + 1) * qr.side);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(path, Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma]));
}

/**
 * A tablet (Galaxy Tab S4, landscape) with a camera that sees `videoPath`, signed in as `storageState` if given;
 * `serviceWorkers: 'allow'` for a journey that goes offline. Chromium reads the video when the camera starts, so
 * the file may be written (again) until then.
 */
export async function tabletWithCamera(
  videoPath: string, baseURL: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu',
      '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${videoPath}`, '--use-fake-ui-for-media-stream',
    ],
  });
  const context = await browser.newContext({
    ...devices['Galaxy Tab S4 landscape'], baseURL, permissions: ['camera'], serviceWorkers, storageState,
  });
  return { browser, context, page: await context.newPage() };
}

/** The page scrolls only up and down: nothing is wider than the screen. */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${what}: page width ${widths.scroll} px in a ${widths.client} px screen`).toBeLessThanOrEqual(widths.client);
}

/**
 * A part of the page (a dialog's content) is no wider than the screen and has nothing wider than itself inside.
 * Its position is not checked: a fixed overlay follows the layout viewport, which the page behind may widen.
 */
export async function expectWithinScreenWidth(page: Page, part: Locator, what: string) {
  const screen = page.viewportSize()!.width;
  const box = (await part.boundingBox())!;
  expect(box.width, `${what}: width in a ${screen} px screen`).toBeLessThanOrEqual(screen - 32);
  const widths = await part.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(widths.scroll, `${what}: content ${widths.scroll} px in ${widths.client} px`).toBeLessThanOrEqual(widths.client);
}

// Reading QR codes from the counter tablet's camera (decision 167): the browser's BarcodeDetector where it
// reads QR codes (Chrome on Android and ChromeOS, Safari 17+), else jsQR, a pure-JavaScript decoder downloaded
// only when the camera starts on the counter screen. Linux Chromium (CI) has no BarcodeDetector: the journeys
// there exercise jsQR.

/** One frame of the camera in, the text of the QR code it shows out (null when it shows none). */
export type QrFrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode { rawValue: string }
interface BarcodeDetectorLike { detect(source: HTMLVideoElement): Promise<DetectedBarcode[]> }
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** Frames are read at most this wide or high: enough for a pass held at the counter, and quick to decode. */
export const DECODE_MAX_SIDE = 960;

/** The size to scale a `width` × `height` frame to so that neither side is over `maxSide` (never enlarged). */
export function decodeSize(width: number, height: number, maxSide = DECODE_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function nativeDetector(): Promise<QrFrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

/**
 * The Cache Storage cache the service worker answers jsQR's chunk from (vite.config.ts, rule 'counter-decoder'):
 * written by the counter screen itself, not by the worker.
 */
export const DECODER_CACHE = 'counter-decoder';

/**
 * Keeps `url` (jsQR's chunk) in the decoder cache, and nothing else there (a new version's chunk replaces the old
 * one). Written by the page because the worker may not control it yet (a tablet's first visit) and its lazy-chunk
 * cache evicts; the chunk is then there when the tablet reloads without a network.
 */
export async function keepDecoderChunk(url: string, storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  const cache = await storage.open(DECODER_CACHE);
  if (!(await cache.match(url))) await cache.add(url);
  for (const request of await cache.keys()) if (request.url !== url) await cache.delete(request);
}

/**
 * Runs when the counter screen is up: where the browser cannot read QR codes itself, fetches jsQR ahead of the
 * first scan and keeps it for offline use. It is not in the service worker's precache (its size, decision 167),
 * so this is what makes the camera read passes on a tablet that lost the network after opening the counter once.
 */
export async function preloadQrDecoder(): Promise<void> {
  if (await nativeDetector()) return;
  try {
    const { chunkUrl } = await import('./jsqr-module');
    // In development the module is a source file, not a built chunk: nothing to keep.
    if (new URL(chunkUrl).pathname.startsWith('/assets/')) await keepDecoderChunk(chunkUrl);
  } catch {
    // Offline or storage refused: the next visit to the counter tries again.
  }
}

async function jsqrDecoder(): Promise<QrFrameDecoder> {
  const { jsQR } = await import('./jsqr-module');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read the camera picture.');
  return async (video) => {
    if (!video.videoWidth || !video.videoHeight) return null;
    const { width, height } = decodeSize(video.videoWidth, video.videoHeight);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    // A phone screen shows dark modules on light: no need to try the inverted picture too (half the work).
    return jsQR(frame.data, width, height, { inversionAttempts: 'dontInvert' })?.data || null;
  };
}

/** The best QR reader this browser has, and which one it is (shown on the counter, for support). */
export async function createQrDecoder(): Promise<{ kind: 'native' | 'jsqr'; decode: QrFrameDecoder }> {
  const native = await nativeDetector();
  return native ? { kind: 'native', decode: native } : { kind: 'jsqr', decode: await jsqrDecoder() };
}

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { createQrDecoder } from '../utils/qr-decoder';

/** Pause between two reads of the camera picture (a read takes a few tens of milliseconds with jsQR). */
const READ_EVERY_MS = 150;

type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'on'; reader: 'native' | 'jsqr' }
  | { status: 'error'; message: string };

function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'The camera is blocked for this site. Allow it in the browser settings, or use a scanner or type the code.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera found on this device. Use a scanner or type the code.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again.';
  return error instanceof Error && error.message ? error.message : 'The camera could not start.';
}

/**
 * The tablet's camera, reading member passes: every decoded QR text goes to `onScan` (the caller filters
 * repeats). The camera runs only while switched on here, and stops when the screen closes.
 */
export function PassCamera({ onScan }: { onScan: (text: string) => void }) {
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const videoRef = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);
  const running = state.status === 'starting' || state.status === 'on';

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use the camera here. Use a scanner or type the code.');
        const [media, reader] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false }),
          createQrDecoder(),
        ]);
        stream = media;
        const video = videoRef.current;
        // Switched off (or the screen closed) while the camera was starting: let it go at once.
        if (stopped || !video) return void media.getTracks().forEach((track) => track.stop());
        video.srcObject = media;
        await video.play().catch(() => undefined);
        if (stopped) return;
        setState({ status: 'on', reader: reader.kind });
        const read = async () => {
          if (stopped) return;
          try {
            const text = video.readyState >= 2 ? await reader.decode(video) : null;
            if (text && !stopped) onScanRef.current(text);
          } catch {
            // A frame that could not be read: the next one will.
          }
          if (!stopped) timer = setTimeout(() => void read(), READ_EVERY_MS);
        };
        void read();
      } catch (error) {
        if (!stopped) setState({ status: 'error', message: cameraErrorMessage(error) });
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [running]);

  return (
    <div className="space-y-3">
      <div className={cn('relative w-full overflow-hidden rounded-xl bg-stone-900', running ? 'aspect-video' : 'h-24')}>
        <video ref={videoRef} muted playsInline aria-label="Camera" className={running ? 'size-full object-cover' : 'hidden'} />
        {!running && (
          <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-stone-200">
            {state.status === 'error' ? state.message : 'Camera off'}
          </p>
        )}
        {state.status === 'starting' && (
          <p className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white"><Spinner className="size-4" /> Starting the camera...</p>
        )}
        {state.status === 'on' && (
          <div aria-hidden="true" className="pointer-events-none absolute inset-[12%] rounded-2xl border-4 border-white/70" />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {running ? (
          <Button variant="outline" onClick={() => setState({ status: 'off' })}>Stop Camera</Button>
        ) : (
          <Button onClick={() => setState({ status: 'starting' })}>{state.status === 'error' ? 'Try the Camera Again' : 'Start Camera'}</Button>
        )}
        {state.status === 'on' && (
          <span className="text-sm text-stone-600" data-testid="camera-reader" data-reader={state.reader}>
            Hold the member's pass in the frame.
          </span>
        )}
      </div>
    </div>
  );
}

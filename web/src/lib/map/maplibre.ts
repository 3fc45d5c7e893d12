// MapLibre for every map of the app (decision 209): the members' map and the owner's pin load this one module, so
// the library, its worker and its styles are one chunk of their own (kept out of the precache, vite.config.ts),
// fetched by whichever map opens first and never shipped twice.
// The CSP build and its worker as a same-origin file: the default build starts its worker from a blob: URL, which
// the app's policy (worker-src 'self', decision 089) refuses.
import maplibregl from 'maplibre-gl/dist/maplibre-gl-csp.js';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import 'maplibre-gl/dist/maplibre-gl.css';

maplibregl.setWorkerUrl(workerUrl);

export default maplibregl;

// MapLibre's CSP build (dist/maplibre-gl-csp.js) is the same API as the package's main module, which has the types.
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  import maplibregl from 'maplibre-gl';
  export default maplibregl;
}

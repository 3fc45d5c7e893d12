import { useEffect, useRef } from 'react';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import maplibregl from '@/lib/map/maplibre';
import type { Pin } from '../utils/location-form';

/** What of MapLibre the pin uses: the real library in the app, a double in the tests. */
export type PinMapLibrary = Pick<typeof maplibregl, 'Map' | 'Marker' | 'LngLatBounds'>;

export interface PinMapOptions {
  styleUrl: string;
  /** The pin the typed fields name, if any. */
  pin: Pin | null;
  /** The business's other placed locations: where the map opens when this one has no pin yet. */
  others: readonly Pin[];
  /** The owner dragged the pin or clicked the map. */
  onPlace: (pin: Pin) => void;
  /** The map cannot show (no WebGL, the style did not load). */
  onFail: () => void;
}

export const PIN_LABEL = 'Pin of this location: drag it, or click the map, to place it';

/**
 * The owner's pin on a MapLibre map (issue 40): a draggable marker at the typed pin, else amid the business's other
 * locations, else on the whole world. Dragging it or clicking the map places it; `moveTo` follows typed
 * coordinates. Written against the library's surface so the tests can drive it without WebGL.
 */
export function mountPinMap(library: PinMapLibrary, container: HTMLElement, { styleUrl, pin, others, onPlace, onFail }: PinMapOptions) {
  let map: MapLibreMap;
  try {
    map = new library.Map({ container, style: styleUrl, attributionControl: { compact: true }, ...(pin ? { center: [pin.longitude, pin.latitude], zoom: 16 } : { center: [0, 20], zoom: 1 }) });
  } catch {
    // No WebGL: MapLibre refuses in its constructor.
    onFail();
    return null;
  }
  let loaded = false;
  map.on('load', () => { loaded = true; });
  // An error before the style loaded means no map (a tile failing later leaves the map usable).
  map.on('error', () => { if (!loaded) onFail(); });
  if (!pin && others.length > 0) {
    const bounds = new library.LngLatBounds();
    for (const other of others) bounds.extend([other.longitude, other.latitude]);
    map.fitBounds(bounds, { padding: 48, maxZoom: 15, duration: 0 });
  }
  const start = pin ?? others[0] ?? null;
  const marker: Marker = new library.Marker({ draggable: true, color: '#3a6b1f' });
  // Keyboard users type the coordinates (the fields above); the label says what the pin is to a screen reader.
  marker.getElement().setAttribute('aria-label', PIN_LABEL);
  marker.getElement().setAttribute('role', 'img');
  marker.setLngLat(start ? [start.longitude, start.latitude] : map.getCenter()).addTo(map);
  marker.on('dragend', () => {
    const { lat, lng } = marker.getLngLat();
    onPlace({ latitude: lat, longitude: lng });
  });
  map.on('click', (event) => {
    marker.setLngLat(event.lngLat);
    onPlace({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
  });
  return {
    /** Typed coordinates: the pin moves there, and the map follows when it would leave the view. */
    moveTo(next: Pin) {
      marker.setLngLat([next.longitude, next.latitude]);
      if (!map.getBounds().contains([next.longitude, next.latitude])) map.jumpTo({ center: [next.longitude, next.latitude] });
    },
    remove() {
      marker.remove();
      map.remove();
    },
  };
}

/**
 * The location form's map: this module and MapLibre are their own chunks (`@/lib/map/maplibre`, shared with the
 * members' map), fetched when the owner opens it and kept out of the precache (vite.config.ts).
 */
export default function LocationPinMap({ styleUrl, pin, others, onPlace, onFail }: PinMapOptions) {
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<ReturnType<typeof mountPinMap>>(null);
  // The latest callbacks, without re-creating the map when the form re-renders.
  const callbacks = useRef({ onPlace, onFail });
  useEffect(() => { callbacks.current = { onPlace, onFail }; });

  useEffect(() => {
    if (!container.current) return;
    mounted.current = mountPinMap(maplibregl, container.current, {
      styleUrl, pin, others, onPlace: (p) => callbacks.current.onPlace(p), onFail: () => callbacks.current.onFail(),
    });
    return () => { mounted.current?.remove(); mounted.current = null; };
    // The map opens once per style; later pins reach it through moveTo below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleUrl]);

  const latitude = pin?.latitude;
  const longitude = pin?.longitude;
  useEffect(() => {
    if (latitude !== undefined && longitude !== undefined) mounted.current?.moveTo({ latitude, longitude });
  }, [latitude, longitude]);

  return (
    <div>
      <div ref={container} role="region" aria-label="Map to place this location" className="h-72 w-full overflow-hidden rounded-xl border border-stone-200" data-testid="location-pin-map" />
      <p className="mt-1 text-xs text-stone-600">Drag the pin, or click the map where this location is: the latitude and longitude follow.</p>
    </div>
  );
}

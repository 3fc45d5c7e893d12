import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { MemberDeal } from '@shared/contract/index.ts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { paths } from '@/config/paths';
import maplibregl from '@/lib/map/maplibre';

/** A placed location of the page's deals: one marker per location, naming its business, opening its first deal. */
interface Place { id: string; latitude: number; longitude: number; dealId: string; merchantName: string; openText: string | null }

export function placesOf(deals: readonly MemberDeal[]): Place[] {
  const places = new Map<string, Place>();
  for (const deal of deals) {
    const at = deal.location;
    if (!at || at.latitude === null || at.longitude === null || places.has(at.id)) continue;
    places.set(at.id, { id: at.id, latitude: at.latitude, longitude: at.longitude, dealId: deal.id, merchantName: deal.merchantName, openText: at.openText });
  }
  return [...places.values()];
}

/**
 * The members' map (decision 209): this module, MapLibre and its worker are their own chunks, loaded when the
 * member switches to the map and kept out of the precache (vite.config.ts). A marker opens its business's nearest deal (the deal page names the
 * business; members have no business page).
 */
export default function MemberMap({ styleUrl, deals }: { styleUrl: string; deals: readonly MemberDeal[] }) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const navigate = useNavigate();
  const places = placesOf(deals);
  const placesKey = places.map((p) => p.id).join(',');

  useEffect(() => {
    if (!container.current) return;
    const instance = new maplibregl.Map({ container: container.current, style: styleUrl, attributionControl: { compact: true } });
    map.current = instance;
    return () => { instance.remove(); map.current = null; };
  }, [styleUrl]);

  useEffect(() => {
    const instance = map.current;
    if (!instance || places.length === 0) return;
    const markers = places.map((place) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'h-6 w-6 rounded-full border-2 border-white bg-brand-700 shadow focus-visible:outline-2 focus-visible:outline-brand-700';
      button.setAttribute('aria-label', place.openText ? `${place.merchantName}, ${place.openText}` : place.merchantName);
      button.addEventListener('click', () => { void navigate(paths.deal(place.dealId)); });
      return new maplibregl.Marker({ element: button }).setLngLat([place.longitude, place.latitude]).addTo(instance);
    });
    const bounds = new maplibregl.LngLatBounds();
    for (const place of places) bounds.extend([place.longitude, place.latitude]);
    instance.fitBounds(bounds, { padding: 48, maxZoom: 15, duration: 0 });
    return () => { for (const marker of markers) marker.remove(); };
    // placesKey stands for places: the markers change when the page's placed locations do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placesKey]);

  return (
    <div>
      <div ref={container} role="region" aria-label="Map of deals" className="h-[60vh] min-h-72 w-full overflow-hidden rounded-2xl border border-stone-200" data-testid="member-map" />
      {places.length === 0 && <p className="mt-2 text-sm text-stone-700">No deal in this list has a place on the map yet: Near me and Open now show where deals are.</p>}
    </div>
  );
}

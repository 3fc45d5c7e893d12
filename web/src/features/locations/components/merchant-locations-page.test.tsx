import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MapConfig } from '@shared/contract/index.ts';
import { mapConfigQueryOptions } from '@/lib/map/map-config';
import { LocationForm } from './merchant-locations-page';

/** The location form as text, with the map settings GET /api/map would answer (undefined: not answered yet). */
function formText(config: MapConfig | undefined) {
  const client = new QueryClient();
  if (config) client.setQueryData(mapConfigQueryOptions.queryKey, config);
  return renderToString(
    <QueryClientProvider client={client}><LocationForm others={[]} onDone={() => {}} /></QueryClientProvider>,
  ).replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the location form: map and address lookup (issue 40)', () => {
  it('offers the map and the lookup when both are configured; the typed fields stay', () => {
    const text = formText({ styleUrl: 'https://tiles.example/style.json', addressLookup: true });
    expect(text).toContain('Place on the map');
    expect(text).toContain('Find this address');
    expect(text).toContain('Latitude');
    expect(text).toContain('Longitude');
  });

  it('says there is no map and hides the lookup when neither is configured', () => {
    const text = formText({ styleUrl: null, addressLookup: false });
    expect(text).not.toContain('Place on the map');
    expect(text).not.toContain('Find this address');
    expect(text).toContain('No map is set up here: type the latitude and longitude.');
    expect(text).toContain('Latitude');
  });

  it('offers neither, and says nothing yet, while the settings are being asked', () => {
    const text = formText(undefined);
    expect(text).not.toContain('Place on the map');
    expect(text).not.toContain('Find this address');
    expect(text).not.toContain('No map is set up');
  });
});

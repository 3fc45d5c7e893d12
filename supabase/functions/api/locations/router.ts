import { Hono } from 'hono';
import { createLocationBody, geocodeQuery, updateLocationBody, type MapConfig } from '../../_shared/contract/locations.ts';
import { type AppEnv, servicesOf, userTx } from '../http/context.ts';
import { uuidParam } from '../http/params.ts';
import { parseJson, parseQuery } from '../http/validate.ts';
import { COUNTER_ROLES, requireUser } from '../http/session.ts';
import { createLocation, deleteLocation, listLocations, updateLocation } from './locations.ts';
import { geocodeAddress } from './geocode.ts';

// A business's locations (issue 40), mounted at /merchant/locations: the owner manages them; the counter (owner
// or staff) lists them to name and filter where redemptions happened.
export const merchantLocationRoutes = new Hono<AppEnv>();

const LOCATION_NOT_FOUND = 'Location not found';

merchantLocationRoutes.get('/', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  return c.json(await userTx(c, listLocations));
});

/** GET /api/merchant/locations/geocode?q=: places for an address, through the configured geocoder (404 without one). */
merchantLocationRoutes.get('/geocode', async (c) => {
  requireUser(c, 'MERCHANT');
  const { q } = parseQuery(c, geocodeQuery);
  return c.json(await geocodeAddress(servicesOf(c), q));
});

merchantLocationRoutes.post('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, createLocationBody);
  return c.json(await userTx(c, (q) => createLocation(q, body)), 201);
});

merchantLocationRoutes.patch('/:id', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = uuidParam(c, 'id', LOCATION_NOT_FOUND);
  const patch = await parseJson(c, updateLocationBody);
  return c.json(await userTx(c, (q) => updateLocation(q, id, patch)));
});

merchantLocationRoutes.delete('/:id', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = uuidParam(c, 'id', LOCATION_NOT_FOUND);
  await userTx(c, (q) => deleteLocation(q, id));
  return c.json({ success: true });
});

// The map (decision 209), mounted at /map: its style URL, read by the web at run time so one build serves any
// deployment's tile host (MAP_STYLE_URL); null: the member home offers the list only, the location form the typed
// coordinates. It also says whether an address lookup is configured (decision 208): the form's "Find this address".
export const mapRoutes = new Hono<AppEnv>();

mapRoutes.get('/', (c) => c.json({ styleUrl: c.var.deps.config.mapStyleUrl, addressLookup: servicesOf(c).geocoder !== null } satisfies MapConfig));

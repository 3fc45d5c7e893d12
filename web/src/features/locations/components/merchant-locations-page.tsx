import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BusinessLocation, GeocodeMatch } from '@shared/contract/index.ts';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox, Field, Input, Select } from '@/components/ui/form-controls';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { LoadFailure } from '@/components/ui/load-failure';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { mapConfigQueryOptions } from '@/lib/map/map-config';
import { MapFallback } from '@/lib/map/map-fallback';
import { useMerchantLocations } from '@/lib/merchant/get-merchant-locations';
import { useOnlineStatus } from '@/lib/network/connectivity';
import { useFindAddress } from '../api/find-address';
import { useCreateLocation, useDeleteLocation, useUpdateLocation } from '../api/location-mutations';
import {
  dayHoursText, emptyLocationForm, formValuesOf, locationPayload, lookupAnswer, type LocationFormValues, type Pin, pinFields,
  pinMapNote, typedPin, WEEKDAYS,
} from '../utils/location-form';

// The pin's map and MapLibre are their own chunks (the library shared with the members' map), fetched when the
// owner opens the map and kept out of the precache (vite.config.ts).
const LocationPinMap = lazy(() => import('./location-pin-map'));

const failed = (title: string) => (error: Error) => toast({ title, description: errorMessage(error), variant: 'destructive' });

/**
 * The owner's locations (issue 40): each with its address, pin, phone, weekly hours and dated exceptions; add,
 * edit, delete (never the last one). The pin is typed as coordinates, dragged on a map when a map style is
 * configured, or found for the address when a geocoder is: neither is required (decision 208).
 */
export function MerchantLocationsPage() {
  const locations = useMerchantLocations();
  // null: no form open; 'new': adding; otherwise the id being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useDeleteLocation({ onError: failed('Could not delete the location') });

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Locations</h1>
          <p className="text-sm text-stone-600">Where members find you: address, pin, phone and opening hours. Deals and counter tablets can be tied to a location.</p>
        </div>
        <div className="flex gap-2">
          <ButtonLink to={paths.merchant} variant="outline">Dashboard</ButtonLink>
          {editing === null && <Button onClick={() => setEditing('new')}>Add location</Button>}
        </div>
      </div>

      {editing === 'new' && <LocationForm others={pinsOf(locations.data ?? [])} onDone={() => setEditing(null)} />}

      {locations.isError ? (
        <LoadFailure message={`Could not load your locations. ${errorMessage(locations.error)}`} onRetry={() => void locations.refetch()} />
      ) : locations.isPending ? (
        <p className="text-sm text-stone-600">Loading locations...</p>
      ) : (
        <ul aria-label="Your locations" className="space-y-4">
          {locations.data.map((location, index) => (
            <li key={location.id}>
              {editing === location.id ? (
                <LocationForm location={location} others={pinsOf(locations.data.filter((l) => l.id !== location.id))} onDone={() => setEditing(null)} />
              ) : (
                <Card>
                  <CardHeader>
                    <CardTitle>{location.name ?? (index === 0 ? 'Main location' : `Location ${index + 1}`)}</CardTitle>
                    <CardDescription>{location.address}</CardDescription>
                  </CardHeader>
                  <CardContent className="space-y-3 text-sm text-stone-700">
                    <p>
                      {location.latitude !== null ? `Pin: ${location.latitude}, ${location.longitude}` : 'No pin yet: members cannot find it on the map or by distance.'}
                      {location.phone && ` · ${location.phone}`}
                    </p>
                    {location.hours.length === 0 ? (
                      <p>No opening hours published yet.</p>
                    ) : (
                      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
                        {WEEKDAYS.map((day, i) => (
                          <div key={day} className="contents">
                            <dt className="text-stone-500">{day}</dt>
                            <dd>{dayHoursText(location.hours, i + 1)}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    {location.exceptions.length > 0 && (
                      <ul aria-label="Dated exceptions" className="list-inside list-disc">
                        {location.exceptions.map((e) => (
                          <li key={`${e.date}-${e.opensAt ?? 'closed'}`}>
                            {e.date}: {e.opensAt === null ? 'closed' : `${e.opensAt}–${e.closesAt}`}{e.note && ` (${e.note})`}
                          </li>
                        ))}
                      </ul>
                    )}
                    <div className="flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" disabled={editing !== null} onClick={() => setEditing(location.id)}>Edit</Button>
                      {locations.data.length > 1 && (
                        <ConfirmButton variant="ghost" size="sm" pending={remove.isPending && remove.variables === location.id}
                          title={`Delete ${location.name ?? location.address}?`} confirmLabel="Delete"
                          message="Its hours go with it; tablets placed there count at your first location until you move them."
                          onConfirm={() => remove.mutate(location.id)}>
                          Delete
                        </ConfirmButton>
                      )}
                    </div>
                  </CardContent>
                </Card>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The placed locations among these, as pins: where the map opens for a location without one. */
const pinsOf = (locations: readonly BusinessLocation[]): Pin[] =>
  locations.flatMap((l) => (l.latitude !== null && l.longitude !== null ? [{ latitude: l.latitude, longitude: l.longitude }] : []));

export function LocationForm({ location, others, onDone }: { location?: BusinessLocation; others: readonly Pin[]; onDone: () => void }) {
  const [values, setValues] = useState<LocationFormValues>(() => (location ? formValuesOf(location) : emptyLocationForm()));
  const [problem, setProblem] = useState<string | null>(null);
  const saved = () => {
    toast({ title: location ? 'Location saved' : 'Location added' });
    onDone();
  };
  const create = useCreateLocation({ onSuccess: saved, onError: (e) => setProblem(errorMessage(e)) });
  const update = useUpdateLocation({ onSuccess: saved, onError: (e) => setProblem(errorMessage(e)) });
  const set = (changes: Partial<LocationFormValues>) => setValues((v) => ({ ...v, ...changes }));
  const prefix = location ? `location-${location.id}` : 'location-new';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = locationPayload(values);
    if (!result.ok) return setProblem(result.message);
    setProblem(null);
    if (location) update.mutate({ id: location.id, changes: result.payload });
    else create.mutate(result.payload);
  };

  return (
    <Card>
      <CardHeader><CardTitle>{location ? 'Edit location' : 'New location'}</CardTitle></CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} aria-label={location ? 'Edit location' : 'New location'} className="space-y-5">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField id={`${prefix}-name`} label="Name" hint="Optional, e.g. Downtown" maxLength={80} value={values.name} onChange={(e) => set({ name: e.target.value })} />
            <TextField id={`${prefix}-phone`} label="Phone" maxLength={40} value={values.phone} onChange={(e) => set({ phone: e.target.value })} />
            <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
              <TextField id={`${prefix}-address`} label="Address" required className="min-w-0 flex-1 basis-64" maxLength={200} value={values.address} onChange={(e) => set({ address: e.target.value })} />
              <AddressLookup address={values.address} onFound={(pin) => set(pinFields(pin))} />
            </div>
            <TextField id={`${prefix}-latitude`} label="Latitude" inputMode="decimal" hint="Degrees, e.g. 40.2247 (both or neither)" value={values.latitude} onChange={(e) => set({ latitude: e.target.value })} />
            <TextField id={`${prefix}-longitude`} label="Longitude" inputMode="decimal" hint="Degrees, e.g. -105.2714" value={values.longitude} onChange={(e) => set({ longitude: e.target.value })} />
            <PinOnMap pin={typedPin(values)} others={others} onPlace={(pin) => set(pinFields(pin))} />
          </div>

          <fieldset className="space-y-2">
            <legend className="font-semibold text-stone-900">Opening hours</legend>
            <p className="text-xs text-stone-600">Several intervals a day are fine. A closing time before the opening time runs past midnight.</p>
            {values.hours.map((h, i) => (
              <div key={i} className="flex flex-wrap items-end gap-2">
                <Field id={`${prefix}-hours-${i}-day`} label="Day">
                  <Select id={`${prefix}-hours-${i}-day`} value={h.weekday} onChange={(e) => set({ hours: values.hours.map((x, j) => (j === i ? { ...x, weekday: Number(e.target.value) } : x)) })}>
                    {WEEKDAYS.map((day, d) => <option key={day} value={d + 1}>{day}</option>)}
                  </Select>
                </Field>
                <Field id={`${prefix}-hours-${i}-opens`} label="Opens">
                  <Input id={`${prefix}-hours-${i}-opens`} type="time" required value={h.opensAt} onChange={(e) => set({ hours: values.hours.map((x, j) => (j === i ? { ...x, opensAt: e.target.value } : x)) })} />
                </Field>
                <Field id={`${prefix}-hours-${i}-closes`} label="Closes">
                  <Input id={`${prefix}-hours-${i}-closes`} type="time" required value={h.closesAt} onChange={(e) => set({ hours: values.hours.map((x, j) => (j === i ? { ...x, closesAt: e.target.value } : x)) })} />
                </Field>
                <Button variant="ghost" size="sm" aria-label={`Remove interval ${i + 1}`} onClick={() => set({ hours: values.hours.filter((_, j) => j !== i) })}>Remove</Button>
              </div>
            ))}
            <Button variant="outline" size="sm" onClick={() => set({ hours: [...values.hours, { weekday: 1, opensAt: '09:00', closesAt: '17:00' }] })}>Add hours</Button>
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="font-semibold text-stone-900">Dated exceptions</legend>
            <p className="text-xs text-stone-600">A holiday or a short day: these replace that day's usual hours.</p>
            {values.exceptions.map((e, i) => {
              const change = (c: Partial<typeof e>) => set({ exceptions: values.exceptions.map((x, j) => (j === i ? { ...x, ...c } : x)) });
              return (
                <div key={i} className="flex flex-wrap items-end gap-2">
                  <Field id={`${prefix}-exc-${i}-date`} label="Date">
                    <Input id={`${prefix}-exc-${i}-date`} type="date" required value={e.date} onChange={(ev) => change({ date: ev.target.value })} />
                  </Field>
                  <label className="flex h-11 items-center gap-2 text-sm">
                    <Checkbox checked={e.closed} onChange={(ev) => change({ closed: ev.target.checked })} /> Closed all day
                  </label>
                  {!e.closed && (
                    <>
                      <Field id={`${prefix}-exc-${i}-opens`} label="Opens">
                        <Input id={`${prefix}-exc-${i}-opens`} type="time" required value={e.opensAt} onChange={(ev) => change({ opensAt: ev.target.value })} />
                      </Field>
                      <Field id={`${prefix}-exc-${i}-closes`} label="Closes">
                        <Input id={`${prefix}-exc-${i}-closes`} type="time" required value={e.closesAt} onChange={(ev) => change({ closesAt: ev.target.value })} />
                      </Field>
                    </>
                  )}
                  <Field id={`${prefix}-exc-${i}-note`} label="Note">
                    <Input id={`${prefix}-exc-${i}-note`} maxLength={120} value={e.note} onChange={(ev) => change({ note: ev.target.value })} />
                  </Field>
                  <Button variant="ghost" size="sm" aria-label={`Remove exception ${i + 1}`} onClick={() => set({ exceptions: values.exceptions.filter((_, j) => j !== i) })}>Remove</Button>
                </div>
              );
            })}
            <Button variant="outline" size="sm" onClick={() => set({ exceptions: [...values.exceptions, { date: '', closed: true, opensAt: '', closesAt: '', note: '' }] })}>Add a date</Button>
          </fieldset>

          {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
          <div className="flex gap-2">
            <Button type="submit" pending={create.isPending || update.isPending}>{location ? 'Save location' : 'Add location'}</Button>
            <Button variant="ghost" onClick={onDone}>Cancel</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The map settings (GET /api/map), asked when a location form opens and online; cached for the hour. */
function useMapSettings() {
  const online = useOnlineStatus();
  return { online, config: useQuery({ ...mapConfigQueryOptions, enabled: online }) };
}

/**
 * "Place on the map" (issue 40): a small map whose pin fills the coordinates, when a map style is configured. Offline,
 * without a style, or when the map fails, the typed fields stay and a sentence says so.
 */
function PinOnMap({ pin, others, onPlace }: { pin: Pin | null; others: readonly Pin[]; onPlace: (pin: Pin) => void }) {
  const { online, config } = useMapSettings();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const styleUrl = config.data?.styleUrl;
  const note = pinMapNote({ styleUrl, online, failed: failed || config.isError });
  if (note) return <p role="status" className="text-sm text-stone-700 sm:col-span-2">{note}</p>;
  if (!styleUrl) return null; // still asking
  return (
    <div className="space-y-2 sm:col-span-2">
      <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((on) => !on)}>
        {open ? 'Hide the map' : 'Place on the map'}
      </Button>
      {open && (
        <MapFallback fallback={<p role="status" className="text-sm text-stone-700">{pinMapNote({ styleUrl, online, failed: true })}</p>}>
          <Suspense fallback={<p role="status" className="text-sm text-stone-600">Loading the map...</p>}>
            <LocationPinMap styleUrl={styleUrl} pin={pin} others={others} onPlace={onPlace} onFail={() => setFailed(true)} />
          </Suspense>
        </MapFallback>
      )}
    </div>
  );
}

/**
 * "Find this address" (issue 40), shown only when a geocoder is configured: the first place found fills the
 * coordinates and is named, so the owner can tell it is the right one; the others are offered.
 */
function AddressLookup({ address, onFound }: { address: string; onFound: (pin: Pin) => void }) {
  const { online, config } = useMapSettings();
  const lookup = useFindAddress();
  const [found, setFound] = useState<{ found: GeocodeMatch; others: GeocodeMatch[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Offline the lookup cannot answer: the typed fields (and their sentence beside the map) stay.
  if (!config.data?.addressLookup || !online) return null;

  const choose = (chosen: GeocodeMatch, all: readonly GeocodeMatch[]) => {
    setFound({ found: chosen, others: all.filter((m) => m !== chosen) });
    onFound(chosen);
  };
  const find = () => {
    setFound(null);
    if (address.trim().length < 3) return setProblem('Type the address first.');
    setProblem(null);
    lookup.mutate(address, {
      onSuccess: (matches) => {
        const answer = lookupAnswer(matches);
        if ('problem' in answer) setProblem(answer.problem);
        else choose(answer.found, matches);
      },
      onError: (error) => setProblem(errorMessage(error, 'The address lookup did not answer: try again, or type the coordinates.')),
    });
  };

  return (
    <>
      <Button variant="outline" className="h-11" pending={lookup.isPending} onClick={find}>Find this address</Button>
      {problem && <p role="alert" className="basis-full text-sm text-red-700">{problem}</p>}
      {found && (
        <div role="status" className="basis-full space-y-1 text-sm text-stone-700">
          <p>Found: {found.found.label}. The latitude and longitude are filled in: check them, or move the pin.</p>
          {found.others.length > 0 && (
            <ul aria-label="Other places found" className="flex flex-wrap gap-2">
              {found.others.map((m) => (
                <li key={`${m.label}-${m.latitude}-${m.longitude}`}>
                  <Button variant="ghost" size="sm" onClick={() => choose(m, [found.found, ...found.others])}>{m.label}</Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}

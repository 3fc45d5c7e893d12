import { describe, expect, it, vi } from 'vitest';
// The app's MapLibre needs WebGL and a browser; the pin is driven here through a double of the same surface.
vi.mock('@/lib/map/maplibre', () => ({ default: {} }));
const { mountPinMap, PIN_LABEL } = await import('./location-pin-map');
type Library = Parameters<typeof mountPinMap>[0];

type Handler = (event?: unknown) => void;
interface Point { lng: number; lat: number }
const point = (at: [number, number] | Point): Point => (Array.isArray(at) ? { lng: at[0], lat: at[1] } : at);

/** A MapLibre double: the map's options and events, one marker, the bounds the map was fitted to. */
function fakeMapLibre({ throws = false } = {}) {
  const mapEvents = new Map<string, Handler>();
  const markerEvents = new Map<string, Handler>();
  const state = { options: null as Record<string, unknown> | null, fitted: [] as [number, number][], marker: null as Point | null, jumpedTo: null as unknown, removed: false };
  const element = { attributes: new Map<string, string>(), setAttribute(name: string, value: string) { this.attributes.set(name, value); } };
  const view = { west: -106, east: -104, south: 39, north: 41 };
  class FakeMap {
    constructor(options: Record<string, unknown>) {
      if (throws) throw new Error('Failed to initialize WebGL');
      state.options = options;
    }
    on(event: string, handler: Handler) { mapEvents.set(event, handler); return this; }
    fitBounds() { return this; }
    getCenter() { return { lng: 0, lat: 20 }; }
    getBounds() { return { contains: ([lng, lat]: [number, number]) => lng >= view.west && lng <= view.east && lat >= view.south && lat <= view.north }; }
    jumpTo(options: unknown) { state.jumpedTo = options; return this; }
    remove() { state.removed = true; }
  }
  class FakeMarker {
    options: unknown;
    constructor(options: unknown) { this.options = options; }
    getElement() { return element; }
    setLngLat(at: [number, number] | Point) { state.marker = point(at); return this; }
    getLngLat() { return state.marker!; }
    addTo() { return this; }
    on(event: string, handler: Handler) { markerEvents.set(event, handler); return this; }
    remove() {}
  }
  class FakeBounds {
    extend(at: [number, number]) { state.fitted.push(at); return this; }
  }
  const library = { Map: FakeMap, Marker: FakeMarker, LngLatBounds: FakeBounds } as unknown as Library;
  return { library, state, element, fire: (event: string, payload?: unknown) => mapEvents.get(event)?.(payload), drag: () => markerEvents.get('dragend')?.() };
}

const container = {} as HTMLElement;
const STYLE = 'https://tiles.example/style.json';

describe('the location pin (issue 40)', () => {
  it('opens at the typed pin with a labelled, draggable marker; a drag places it', () => {
    const fake = fakeMapLibre();
    const onPlace = vi.fn();
    mountPinMap(fake.library, container, { styleUrl: STYLE, pin: { latitude: 40.0176, longitude: -105.2797 }, others: [], onPlace, onFail: vi.fn() });
    expect(fake.state.options).toMatchObject({ style: STYLE, center: [-105.2797, 40.0176] });
    expect(fake.state.marker).toEqual({ lng: -105.2797, lat: 40.0176 });
    expect(fake.element.attributes.get('aria-label')).toBe(PIN_LABEL);
    fake.state.marker = { lng: -105.27, lat: 40.02 };
    fake.drag();
    expect(onPlace).toHaveBeenCalledWith({ latitude: 40.02, longitude: -105.27 });
  });

  it("opens amid the business's other locations when this one has no pin; a click on the map places it there", () => {
    const fake = fakeMapLibre();
    const onPlace = vi.fn();
    const others = [{ latitude: 40.22, longitude: -105.27 }, { latitude: 40.23, longitude: -105.26 }];
    mountPinMap(fake.library, container, { styleUrl: STYLE, pin: null, others, onPlace, onFail: vi.fn() });
    expect(fake.state.fitted).toEqual([[-105.27, 40.22], [-105.26, 40.23]]);
    expect(fake.state.marker).toEqual({ lng: -105.27, lat: 40.22 });
    expect(onPlace).not.toHaveBeenCalled();
    fake.fire('click', { lngLat: { lng: -105.25, lat: 40.21 } });
    expect(fake.state.marker).toEqual({ lng: -105.25, lat: 40.21 });
    expect(onPlace).toHaveBeenCalledWith({ latitude: 40.21, longitude: -105.25 });
  });

  it('follows typed coordinates, moving the view only when the pin would leave it', () => {
    const fake = fakeMapLibre();
    const pin = mountPinMap(fake.library, container, { styleUrl: STYLE, pin: { latitude: 40, longitude: -105 }, others: [], onPlace: vi.fn(), onFail: vi.fn() })!;
    pin.moveTo({ latitude: 40.5, longitude: -105.5 });
    expect(fake.state.marker).toEqual({ lng: -105.5, lat: 40.5 });
    expect(fake.state.jumpedTo).toBeNull();
    pin.moveTo({ latitude: 48.85, longitude: 2.35 });
    expect(fake.state.jumpedTo).toEqual({ center: [2.35, 48.85] });
    pin.remove();
    expect(fake.state.removed).toBe(true);
  });

  it('gives up, so the form says so, without WebGL or when the style fails before it loads; not for a later error', () => {
    const noWebGl = vi.fn();
    expect(mountPinMap(fakeMapLibre({ throws: true }).library, container, { styleUrl: STYLE, pin: null, others: [], onPlace: vi.fn(), onFail: noWebGl })).toBeNull();
    expect(noWebGl).toHaveBeenCalledOnce();

    const styleFailed = vi.fn();
    const fake = fakeMapLibre();
    mountPinMap(fake.library, container, { styleUrl: STYLE, pin: null, others: [], onPlace: vi.fn(), onFail: styleFailed });
    fake.fire('error');
    expect(styleFailed).toHaveBeenCalledOnce();

    const tileFailed = vi.fn();
    const loaded = fakeMapLibre();
    mountPinMap(loaded.library, container, { styleUrl: STYLE, pin: null, others: [], onPlace: vi.fn(), onFail: tileFailed });
    loaded.fire('load');
    loaded.fire('error');
    expect(tileFailed).not.toHaveBeenCalled();
  });
});

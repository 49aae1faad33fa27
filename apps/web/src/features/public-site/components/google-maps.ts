// The Google Maps path of docs/product-rules.md#public-site: used only when the server has a browser key
// (GOOGLE_MAPS_API_KEY, delivered by GET /api/public-config, never baked into the bundle).
import type { Office } from '../../../content/firm';
import type { MapHandle, MapOptions } from './map-types';

/** docs/product-rules.md#wire-contract, #limits: up to 3 retries, with a growing delay between attempts. */
export const GOOGLE_MAPS_RETRIES = 3;
export const retryDelayMs = (attempt: number) => 1000 * 2 ** attempt;

interface LatLng {
  lat: number;
  lng: number;
}
interface GoogleMap {
  setCenter(position: LatLng): void;
  setZoom(zoom: number): void;
}
interface GoogleMarker {
  addListener(event: 'click', handler: () => void): void;
  setMap(map: GoogleMap | null): void;
}
interface GoogleMapsNamespace {
  Map: new (element: HTMLElement, options: { center: LatLng; zoom: number }) => GoogleMap;
  Marker: new (options: { position: LatLng; map: GoogleMap; title: string }) => GoogleMarker;
}

declare global {
  interface Window {
    google?: { maps?: GoogleMapsNamespace };
    __firmGoogleMapsReady?: () => void;
  }
}

function loadScriptOnce(key: string): Promise<GoogleMapsNamespace> {
  return new Promise((resolve, reject) => {
    if (window.google?.maps?.Map) return resolve(window.google.maps);
    document.getElementById('google-maps-script')?.remove();
    const script = document.createElement('script');
    script.id = 'google-maps-script';
    script.async = true;
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&callback=__firmGoogleMapsReady`;
    window.__firmGoogleMapsReady = () => {
      if (window.google?.maps?.Map) resolve(window.google.maps);
      else reject(new Error('Google Maps loaded without its API'));
    };
    script.onerror = () => reject(new Error('Google Maps script failed to load'));
    document.head.append(script);
  });
}

/** Loads the Maps script, retrying up to 3 times with a growing delay (docs/product-rules.md#wire-contract). */
export async function loadGoogleMaps(
  key: string,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<GoogleMapsNamespace> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= GOOGLE_MAPS_RETRIES; attempt += 1) {
    if (attempt > 0) await wait(retryDelayMs(attempt - 1));
    try {
      return await loadScriptOnce(key);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export async function mountGoogleMap(
  key: string,
  element: HTMLElement,
  offices: Office[],
  options: MapOptions,
): Promise<MapHandle> {
  const maps = await loadGoogleMaps(key);
  const map = new maps.Map(element, { center: options.center, zoom: options.zoom });
  const markers = offices.map((office) => {
    const marker = new maps.Marker({ position: office.coordinates, map, title: office.name });
    marker.addListener('click', () => options.onSelect?.(office.id));
    return marker;
  });
  const focus = (officeId: string | null) => {
    const office = offices.find((candidate) => candidate.id === officeId);
    if (office) {
      map.setCenter(office.coordinates);
      map.setZoom(options.singleZoom);
    } else if (offices.length === 1) {
      map.setCenter(offices[0]!.coordinates);
      map.setZoom(options.singleZoom);
    } else {
      map.setCenter(options.center);
      map.setZoom(options.zoom);
    }
  };
  focus(null);
  return {
    focus,
    destroy() {
      for (const marker of markers) marker.setMap(null);
    },
  };
}

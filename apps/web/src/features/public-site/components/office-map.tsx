import type { PublicConfig } from '@firm/shared';
import { AlertTriangle, MapPin } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Office } from '../../../content/firm';
import { api } from '../../../lib/api-client';
import type { MapHandle, MapOptions } from './map-types';

/** SPEC section 9: Nairobi centre, zoom 10, 15 for a single office. */
const MAP_DEFAULTS = { center: { lat: -1.2921, lng: 36.8219 }, zoom: 10, singleZoom: 15 };
const GET_API_KEY_URL = 'https://developers.google.com/maps/documentation/javascript/get-api-key';

let publicConfig: Promise<PublicConfig> | undefined;
function loadPublicConfig(): Promise<PublicConfig> {
  publicConfig ??= api.get<PublicConfig>('/public-config').catch(() => {
    publicConfig = undefined;
    return { googleMapsApiKey: null };
  });
  return publicConfig;
}

type MapState = 'loading' | 'ready' | 'failed';

/**
 * The office map (SPEC sections 2, 7 and 8). Nothing is downloaded until the map scrolls into
 * view; then OpenStreetMap through Leaflet, or Google Maps when the server has a key. The page
 * around it always lists the offices, so it stays useful without a map.
 */
export function OfficeMap({
  offices,
  selectedId = null,
  onSelect,
  className = 'h-80',
  label = 'Map of our offices',
}: {
  offices: Office[];
  selectedId?: string | null;
  onSelect?: (officeId: string) => void;
  className?: string;
  label?: string;
}) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<MapHandle | null>(null);
  const onSelectRef = useRef(onSelect);
  const [isVisible, setIsVisible] = useState(false);
  const [state, setState] = useState<MapState>('loading');
  const [serviceName, setServiceName] = useState('OpenStreetMap');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  // Wait until the map is (nearly) on screen.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper || isVisible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setIsVisible(true);
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, [isVisible]);

  useEffect(() => {
    if (!isVisible) return;
    let isCancelled = false;
    const options: MapOptions = {
      ...MAP_DEFAULTS,
      onSelect: (officeId) => onSelectRef.current?.(officeId),
    };
    (async () => {
      const { googleMapsApiKey } = await loadPublicConfig();
      if (isCancelled || !canvasRef.current) return;
      setServiceName(googleMapsApiKey ? 'Google Maps' : 'OpenStreetMap');
      const handle = googleMapsApiKey
        ? await import('./google-maps').then((m) =>
            m.mountGoogleMap(googleMapsApiKey, canvasRef.current!, offices, options),
          )
        : await import('./leaflet-map').then((m) =>
            m.mountLeafletMap(canvasRef.current!, offices, options),
          );
      if (isCancelled) return handle.destroy();
      handleRef.current = handle;
      setState('ready');
    })().catch(() => {
      if (!isCancelled) setState('failed');
    });
    return () => {
      isCancelled = true;
      handleRef.current?.destroy();
      handleRef.current = null;
    };
    // `attempt` restarts the load after Retry Loading Map.
  }, [isVisible, offices, attempt]);

  useEffect(() => {
    if (state === 'ready') handleRef.current?.focus(selectedId);
  }, [state, selectedId]);

  const retry = useCallback(() => {
    setAttempt((value) => value + 1);
    setState('loading');
  }, []);

  return (
    <div
      ref={wrapperRef}
      className={`relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100 ${className}`}
    >
      <div
        ref={canvasRef}
        role="region"
        aria-label={label}
        className={`size-full ${state === 'failed' ? 'hidden' : ''}`}
      />
      {state === 'loading' ? (
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center gap-2 text-slate-700"
        >
          <MapPin aria-hidden="true" className="size-5" />
          <span>Loading {serviceName}...</span>
        </div>
      ) : null}
      {state === 'failed' ? (
        <div role="alert" className="size-full overflow-auto bg-white p-5">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-red-800">
            <AlertTriangle aria-hidden="true" className="size-5" /> Map Loading Error
          </h3>
          <p className="mt-1 text-slate-800">Failed to load {serviceName}</p>
          <p className="mt-1 text-sm text-slate-700">
            Check your internet connection. If you run this site, check that the maps key is valid
            and allowed for this address (key restrictions).
          </p>
          <h4 className="mt-3 font-semibold text-slate-900">Our offices</h4>
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {offices.map((office) => (
              <li key={office.id}>
                <strong>{office.name}</strong>: {office.address}, {office.city}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={retry}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Retry Loading Map
            </button>
            <a
              href={GET_API_KEY_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Get API Key
            </a>
          </div>
        </div>
      ) : null}
    </div>
  );
}

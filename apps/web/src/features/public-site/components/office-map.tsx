import type { PublicConfig } from '@firm/shared';
// The map's words from their own module, not the package's index: the rest of the shared code
// comes with the API client once a map is asked for (loadPublicConfig), not with the map's frame.
import { PUBLIC_SITE_SCREEN_TEXTS as T } from '@firm/shared/public-site/texts';
import { AlertTriangle, MapPin } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Office } from '../../../content/firm';
import type { MapHandle, MapOptions } from './map-types';
import { Button, buttonVariants } from '../../../components/ui/button';
import { whenIdle } from '../../../lib/when-idle';

/** docs/product-rules.md#limits: Nairobi centre, zoom 10, 15 for a single office. */
const MAP_DEFAULTS = { center: { lat: -1.2921, lng: 36.8219 }, zoom: 10, singleZoom: 15 };
const GET_API_KEY_URL = 'https://developers.google.com/maps/documentation/javascript/get-api-key';

/**
 * Tailwind's `lg` breakpoint, where the map sits beside the office list in the first screenful.
 * Below it (phones) the map is in the flow of the page, and Leaflet (~37 KB compressed, plus
 * tiles) would cost a phone its first seconds and the visitor their data: it loads on a tap.
 */
const WIDE_SCREEN_QUERY = '(min-width: 64rem)';

function subscribeToScreenWidth(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isWideScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN_QUERY).matches;
/** Prerendered HTML serves every screen: it shows both invitations, CSS picks one (see below). */
const isWideScreenOnServer = () => false;

/** Once a visitor has asked for a map, the next map they meet (another view, page) loads itself. */
let hasVisitorAskedForMap = false;

type MapsConfig = Pick<PublicConfig, 'googleMapsApiKey'>;
let publicConfig: Promise<MapsConfig> | undefined;
function loadPublicConfig(): Promise<MapsConfig> {
  // The API client loads with the map, not with the page.
  publicConfig ??= import('../api/public-config')
    .then(({ publicConfigApi }) => publicConfigApi.getPublicConfig({}))
    .catch(() => {
      publicConfig = undefined;
      return { googleMapsApiKey: null };
    });
  return publicConfig;
}

type MapState = 'loading' | 'ready' | 'failed';

function LoadingStatus({ serviceName, className }: { serviceName: string; className: string }) {
  return (
    <div
      role="status"
      className={`absolute inset-0 items-center justify-center gap-2 text-slate-700 ${className}`}
    >
      <MapPin aria-hidden="true" className="size-5" />
      <span>{T.mapLoading(serviceName)}</span>
    </div>
  );
}

/**
 * The office map (docs/product-rules.md#screens, #wire-contract, docs/texts.md): OpenStreetMap through Leaflet, or Google Maps when the
 * server has a key. Nothing is downloaded with the page. On a wide screen the map loads by itself
 * once it is (nearly) in view and the browser is idle; on a phone it loads when the visitor taps
 * "Show map". The page around it always lists the offices, so it stays useful without a map.
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
  const isWide = useSyncExternalStore(subscribeToScreenWidth, isWideScreen, isWideScreenOnServer);
  // Whether the map has been asked for; once it has, it stays (Retry restarts through `attempt`).
  const [isRequested, setIsRequested] = useState(() => hasVisitorAskedForMap);
  const [state, setState] = useState<MapState>('loading');
  const [serviceName, setServiceName] = useState('OpenStreetMap');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  // Wide screens: wait until the map is (nearly) on screen, then until the browser is idle.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper || isRequested || !isWide) return;
    let cancelIdle: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        cancelIdle = whenIdle(() => setIsRequested(true));
      },
      { rootMargin: '200px' },
    );
    observer.observe(wrapper);
    return () => {
      observer.disconnect();
      cancelIdle?.();
    };
  }, [isRequested, isWide]);

  useEffect(() => {
    if (!isRequested) return;
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
  }, [isRequested, offices, attempt]);

  useEffect(() => {
    if (state === 'ready') handleRef.current?.focus(selectedId);
  }, [state, selectedId]);

  const retry = useCallback(() => {
    setAttempt((value) => value + 1);
    setState('loading');
  }, []);

  const showMap = () => {
    hasVisitorAskedForMap = true;
    setIsRequested(true);
    // The button goes away: keep the keyboard user's place on the map, which Leaflet makes
    // keyboard-operable once it has loaded.
    canvasRef.current?.focus({ preventScroll: true });
  };

  return (
    <div
      ref={wrapperRef}
      className={`relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100 ${className}`}
    >
      <div
        ref={canvasRef}
        role="region"
        aria-label={label}
        tabIndex={-1}
        className={`size-full ${state === 'failed' ? 'hidden' : ''}`}
      />
      {!isRequested ? (
        <>
          {/* Before hydration the screen width is unknown to React: CSS shows phones the button
              and wide screens the loading text (their map loads by itself). */}
          <div className="absolute inset-0 flex items-center justify-center lg:hidden">
            <Button size="xl" onClick={showMap}>
              <MapPin aria-hidden="true" className="size-5" /> Show map
            </Button>
          </div>
          <LoadingStatus serviceName={serviceName} className="hidden lg:flex" />
        </>
      ) : state === 'loading' ? (
        <LoadingStatus serviceName={serviceName} className="flex" />
      ) : null}
      {state === 'failed' ? (
        <div role="alert" className="size-full overflow-auto bg-white p-5">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-red-800">
            <AlertTriangle aria-hidden="true" className="size-5" /> {T.mapFailedHeading}
          </h3>
          <p className="mt-1 text-slate-800">{T.mapFailed(serviceName)}</p>
          <p className="mt-1 text-sm text-slate-700">{T.mapFailedHelp}</p>
          <h4 className="mt-3 font-semibold text-slate-900">Our offices</h4>
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {offices.map((office) => (
              <li key={office.id}>
                <strong>{office.name}</strong>: {office.address}, {office.city}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button onClick={retry}>{T.mapRetry}</Button>
            <a
              href={GET_API_KEY_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'neutral' })}
            >
              Get API Key
            </a>
          </div>
        </div>
      ) : null}
    </div>
  );
}

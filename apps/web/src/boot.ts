// The stylesheet belongs to the entry: the prerenderer inlines the entry's CSS into every page.
import './styles.css';
import { getStoredToken } from './lib/auth-storage';

/**
 * The page's entry: the only script its HTML names. A prerendered public page is complete without
 * JavaScript, so on a phone its bandwidth goes to the HTML (with the inlined stylesheet) first, and
 * the app, React and the page's route chunk are fetched only once the page has painted; they then
 * hydrate it (main.tsx). A portal page has nothing to paint without the app, which loads at once.
 * (ADR 010: the home page's LCP waited on 100 KB of script it did not need in order to paint.)
 */
const root = document.getElementById('root');

/**
 * A tap on a button before React is listening would otherwise do nothing (links work without
 * script). It is held, the app is started at once, and the tap is given again as soon as React
 * listens; React itself replays it into a part of the page still hydrating.
 */
let heldButton: HTMLElement | null = null;
function holdEarlyTap(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  heldButton = button;
  start();
}

let started = false;
function start() {
  if (started) return;
  started = true;
  // The prerenderer lists the page's own route chunks; asking for them now, beside the app,
  // saves the round trip main.tsx would otherwise wait for before it can hydrate.
  const tag = document.querySelector<HTMLScriptElement>('script[data-route-chunks]');
  for (const href of tag?.dataset.routeChunks?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = ''; // as the entry's own tag: one cache entry, no second fetch
    document.head.append(link);
  }
  // main.tsx has called hydrateRoot by the time its module has finished evaluating.
  void import('./main').then(() => {
    document.removeEventListener('click', holdEarlyTap, true);
    heldButton?.click();
  });
}

if (root?.hasChildNodes()) {
  document.addEventListener('click', holdEarlyTap, true);
  // After the next frame has been produced, i.e. once the page is on screen. A tab opened in the
  // background produces no frames: the timer starts the app there all the same.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 500);
} else {
  // A portal page: with a stored token, who is signed in and the screen's first data are asked
  // for now, while React downloads, and handed over once it asks (app/first-requests.ts).
  if (getStoredToken()) {
    void import('./app/first-requests')
      .then(({ askFirstRequests }) => askFirstRequests(window.location))
      .catch(() => {
        // Offline, or a new version deployed meanwhile: the app asks for itself.
      });
  }
  void import('./main');
}

/**
 * The public pages' states: the office map while it loads and when it fails (its heading and
 * Retry are contract texts, docs/texts.md), the chat widget's open or closed, and the resource
 * library's empty search. The map service is named as the visitor sees it (OpenStreetMap,
 * Google Maps).
 */
export const PUBLIC_SITE_SCREEN_TEXTS = {
  mapLoading: (service: string) => `Loading ${service}...`,
  mapFailedHeading: 'Map Loading Error',
  mapFailed: (service: string) => `Failed to load ${service}`,
  mapFailedHelp:
    'Check your internet connection. If you run this site, check that the maps key is valid and allowed for this address (key restrictions).',
  mapRetry: 'Retry Loading Map',
  chatOnline: 'Online: we reply now',
  chatOffline: 'Offline: we reply when we open',
  chatOpenIntro: 'Send us a message on WhatsApp and an advocate’s assistant will reply.',
  chatClosedIntro: (hours: string) =>
    `We are closed now (${hours}). Leave a message and we will reply when we open.`,
  noResources: 'No resources found',
  /** Followed by a link to the contact page (noResourcesAsk), then a full stop. */
  noResourcesHint: 'Try another word or category, or',
  noResourcesAsk: 'ask us directly',
} as const;

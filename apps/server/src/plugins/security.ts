import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** OpenStreetMap tiles, drawn by Leaflet on the pages with a map (docs/product-rules.md#public-site). */
const OSM_TILES = 'https://tile.openstreetmap.org';

/**
 * Security headers for every answer. The Content-Security-Policy is one the app satisfies: all
 * scripts are our own files (no inline script is ever rendered); styles allow inline because the
 * toast library injects a <style> element at run time, and so do Leaflet and Google Maps.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', OSM_TILES],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Helmet adds upgrade-insecure-requests by default; it breaks a plain-HTTP install on a LAN
  // address (every asset would be asked for over HTTPS), and TLS belongs to the proxy in front.
  upgradeInsecureRequests: null,
};

/**
 * What Google's Maps JavaScript API needs, added only when a key is configured:
 * https://developers.google.com/maps/documentation/javascript/content-security-policy
 */
export function withGoogleMaps(policy: typeof contentSecurityPolicy) {
  return {
    ...policy,
    scriptSrc: [...policy.scriptSrc, 'https://maps.googleapis.com'],
    imgSrc: [
      ...policy.imgSrc,
      'https://*.googleapis.com',
      'https://*.gstatic.com',
      'https://*.google.com',
      'https://*.ggpht.com',
    ],
    fontSrc: [...policy.fontSrc, 'https://fonts.gstatic.com'],
    styleSrc: [...policy.styleSrc, 'https://fonts.googleapis.com'],
    connectSrc: [
      ...policy.connectSrc,
      'https://*.googleapis.com',
      'https://*.google.com',
      'https://*.gstatic.com',
    ],
  };
}

/**
 * Browser features no page of the site uses, switched off for it and anything it embeds: a
 * script that got in cannot reach the camera, microphone, location or payment details. The maps
 * do not ask for the visitor's location (they show the offices), so geolocation is off too.
 * Copying a temporary password uses clipboard-write, which stays at its default (same origin).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Whether a request URL is an API call (`/api` or under it), whatever its query string. */
export function isApiUrl(url: string): boolean {
  return /^\/api(?:[/?#]|$)/.test(url);
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  // API answers carry tokens, temporary passwords and personal data: no browser, proxy or shared
  // cache may keep them (a back button on a shared computer included). A route whose answer is
  // public opts in by setting its own Cache-Control (public-config does).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  const directives = app.config.googleMapsApiKey
    ? withGoogleMaps(contentSecurityPolicy)
    : contentSecurityPolicy;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
  });
});

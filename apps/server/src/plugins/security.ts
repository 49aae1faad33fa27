import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for every answer. The Content-Security-Policy is one the app satisfies: all
 * scripts are our own files (no inline script is ever rendered); styles allow inline because the
 * toast library injects a <style> element at run time. Map tiles are added with the map.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
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

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
  });
});

import type { BrowserContext, Page } from '@playwright/test';

/** Every public page of docs/product-rules.md#screens with its one h1. */
export const PUBLIC_PAGES: { path: string; h1: string }[] = [
  { path: '/', h1: 'Trusted Legal Counsel in Kenya' },
  { path: '/about', h1: 'About Us' },
  { path: '/practice-areas', h1: 'Practice Areas' },
  { path: '/practice-areas/family-law', h1: 'Family Law' },
  { path: '/practice-areas/corporate-law', h1: 'Corporate Law' },
  { path: '/practice-areas/criminal-defense', h1: 'Criminal Defense' },
  { path: '/practice-areas/property-law', h1: 'Property Law' },
  { path: '/practice-areas/employment-law', h1: 'Employment Law' },
  { path: '/areas-we-serve', h1: 'Areas We Serve' },
  { path: '/resources', h1: 'Legal Resources' },
  { path: '/resources/making-a-valid-will-in-kenya', h1: 'Making a Valid Will in Kenya' },
  { path: '/resources/buying-land-in-kenya', h1: 'Buying Land in Kenya: A Step-by-Step Guide' },
  { path: '/locations', h1: 'Our Locations' },
  { path: '/contact', h1: 'Contact Us' },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/terms', h1: 'Terms of Service' },
  { path: '/cookies', h1: 'Cookie Policy' },
];

// A 1×1 transparent PNG: map tiles cannot be fetched from this closed network.
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Serves OpenStreetMap tiles locally, so a map page behaves as it would online. */
export async function stubMapTiles(target: Page | BrowserContext) {
  await target.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
}

/** Collects console errors and warnings and uncaught exceptions. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Opens a page and waits until its app is live (`<html data-app-ready>`, set by main.tsx after
 * hydration). Prerendered pages paint before their script is fetched (boot.ts), so a spec that
 * changes a field straight after `goto` would race the hydration.
 */
export async function gotoReady(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  return response;
}

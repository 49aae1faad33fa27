import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App } from '../src/app';

/**
 * The committed OpenAPI description (docs/api/openapi.json), written by `npm run docs:api` and
 * compared with the routes by plugins/api-description.test.ts. Both read it from the app the same
 * way (GET /api/docs/json with API_DOCS=true) and normalize it here, so the file changes only when
 * a route, a schema or a description does: keys sorted, no `servers` (the address depends on where
 * the server runs).
 */
export const API_DESCRIPTION_FILE = path.resolve(
  import.meta.dirname,
  '../../../docs/api/openapi.json',
);
export const API_DESCRIPTION_COMMAND = 'npm run docs:api';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Object keys in code-point order at every depth; arrays keep their order (it is meaningful). */
export function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key]!);
  return sorted;
}

/** The app's OpenAPI description as committed: sorted, without the machine-dependent parts. */
export async function apiDescription(app: App): Promise<Json> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/docs/json answered ${response.statusCode}: is API_DOCS=true?`);
  }
  const { servers: _servers, ...document } = response.json() as { [key: string]: Json };
  return sortKeys(document);
}

/**
 * Where two descriptions differ, as JSON paths (`paths./api/x.post.requestBody: only in the
 * routes`), the first `limit` of them: enough to say which route changed without a wall of text.
 */
export function differences(committed: Json, routes: Json, limit = 20): string[] {
  const found: string[] = [];
  const walk = (a: Json | undefined, b: Json | undefined, at: string) => {
    if (found.length >= limit) return;
    if (a === undefined) return void found.push(`${at}: only in the routes`);
    if (b === undefined) return void found.push(`${at}: only in the committed file`);
    const objects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object';
    if (!objects || Array.isArray(a) !== Array.isArray(b)) {
      if (JSON.stringify(a) !== JSON.stringify(b)) found.push(`${at}: differs`);
      return;
    }
    const left = a as Record<string, Json>;
    const right = b as Record<string, Json>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of [...keys].sort()) walk(left[key], right[key], at ? `${at}.${key}` : key);
  };
  walk(committed, routes, '');
  return found;
}

/** A throwaway DATA_DIR for building an app that only describes itself. */
export function scratchDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'firm-api-docs-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_DESCRIPTION_COMMAND,
  API_DESCRIPTION_FILE,
  apiDescription,
  differences,
  type Json,
} from '../../test/api-description';
import { createTestContext, type TestContext } from '../../test/helpers';

/**
 * docs/api/openapi.json is the API's reference for people and programs (the README points at it),
 * so it must say what the routes do now: a route added, removed or whose schema changed without
 * `npm run docs:api` fails here, naming the difference.
 */

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation>>;

/**
 * Every method and path the router holds, read from `printRoutes()`: Fastify's own listing, so the
 * check below does not trust the OpenAPI plugin to have seen every route.
 */
function routerRoutes(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path: stack.join('') });
  }
  return routes;
}

/** Provider callbacks whose address holds a secret: left out of the description on purpose. */
const HIDDEN = [
  '/api/deliveries/sms-reports/:secret',
  '/api/mpesa/callback/:secret',
  '/api/payments/c2b/validation/:secret',
  '/api/payments/c2b/confirmation/:secret',
  '/api/payments/c2b/status-result/:secret',
  '/api/payments/c2b/status-timeout/:secret',
];

describe('docs/api/openapi.json', () => {
  let ctx: TestContext;
  let description: Json;
  let paths: Paths;
  beforeAll(async () => {
    ctx = await createTestContext({ API_DOCS: 'true' });
    description = await apiDescription(ctx.app);
    paths = (description as unknown as { paths: Paths }).paths;
  });
  afterAll(() => ctx?.close());

  it(`matches the routes (else run ${API_DESCRIPTION_COMMAND} and commit the file)`, () => {
    const committed = JSON.parse(readFileSync(API_DESCRIPTION_FILE, 'utf8')) as Json;
    const found = differences(committed, description);
    const file = path.relative(process.cwd(), API_DESCRIPTION_FILE);
    expect(
      found,
      `${file} does not describe the routes; run \`${API_DESCRIPTION_COMMAND}\` and commit it:\n  ${found.join('\n  ')}\n`,
    ).toEqual([]);
  });

  it('holds every /api route with its method and path parameters', () => {
    const api = routerRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter(
      (route) =>
        route.path.startsWith('/api/') &&
        !route.path.startsWith('/api/docs') &&
        route.method !== 'HEAD' &&
        !HIDDEN.includes(route.path),
    );
    // The count guards the listing's parsing: a format change that hid routes would fail here.
    expect(api.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const { method, path: routePath } of api) {
      const openApiPath = routePath.replace(/:(\w+)/g, '{$1}');
      const operation = paths[openApiPath]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(`${method} ${routePath}`);
        continue;
      }
      const named = new Set(
        (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      );
      for (const [, name] of routePath.matchAll(/:(\w+)/g)) {
        if (!named.has(name!)) missing.push(`${method} ${routePath}: parameter ${name}`);
      }
    }
    expect(missing).toEqual([]);
    for (const hidden of HIDDEN) expect(paths[hidden.replace(/:(\w+)/g, '{$1}')]).toBeUndefined();
  });

  it('describes bodies and answers where the routes declare them', () => {
    const signIn = paths['/api/auth/login']!.post!;
    expect(signIn.requestBody).toBeDefined();
    expect(Object.keys(signIn.responses ?? {})).toEqual(expect.arrayContaining(['200', '401']));
    const feeNote = paths['/api/fee-notes/{id}']!.put!;
    expect(feeNote.requestBody).toBeDefined();
    expect(feeNote.parameters?.map((p) => p.name)).toContain('id');
  });
});

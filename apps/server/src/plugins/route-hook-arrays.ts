import type { FastifyInstance, RouteOptions } from 'fastify';

const HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/**
 * Gives every route its own copy of its hook arrays. Modules declare a guard once
 * (`const viewers = [app.requirePermission(…)]`) and hand the same array to several routes, and
 * @fastify/rate-limit pushes its hook into the array of each route with a limit: without the copy,
 * every route sharing that array would be limited too, and counted once per limited sibling.
 * Registered before the rate limiter, so its onRoute hook sees the copy.
 */
export function copyRouteHookArrays(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const hooks = route as unknown as Record<string, unknown>;
    for (const name of HOOKS) {
      const value = hooks[name];
      if (Array.isArray(value)) hooks[name] = [...value];
    }
  });
}

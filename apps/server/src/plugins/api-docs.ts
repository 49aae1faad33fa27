import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI description generated from the route schemas: the document at /api/docs/json and a
 * browsable page at /api/docs. Served only with API_DOCS=true (development): Swagger UI needs a
 * Content-Security-Policy of its own, weaker than the site's, and a production site has no use for
 * a map of its API. Unset, both paths answer 404. The same description is committed at
 * docs/api/openapi.json (`npm run docs:api` writes it; plugins/api-description.test.ts checks it).
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mwamba & Associates Advocates API',
        description: 'The API behind the public website and the client portal.',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENQUIRY_MESSAGES, USER_MANAGEMENT_MESSAGES } from '@firm/shared';
import { clientsContract as contract } from '@firm/shared/clients/contract';
import { currentUser } from '../../plugins/auth';
import {
  convertEnquiry,
  listEnquiries,
  newEnquiryCount,
  updateEnquiry,
  type EnquiriesDeps,
} from './enquiries.service';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['enquiries'], errors });

/** `/api/enquiries/*`: the inbox of contact messages and visitors' booking requests. */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: EnquiriesDeps = {
    db: app.db,
    outbox: app.outbox,
    publicUrl: app.config.publicUrl,
  };
  const mayViewEnquiries = [app.requirePermission('enquiries:view')];

  app.route({
    ...route(contract.listEnquiries),
    onRequest: mayViewEnquiries,
    handler: async (request) => listEnquiries(deps, currentUser(request), request.query),
  });

  app.route({
    ...route(contract.countNewEnquiries),
    onRequest: mayViewEnquiries,
    handler: async (request) => ({
      success: true as const,
      count: await newEnquiryCount(deps, currentUser(request)),
    }),
  });

  app.route({
    ...route(contract.updateEnquiry),
    onRequest: mayViewEnquiries,
    handler: async (request) => ({
      success: true as const,
      message: ENQUIRY_MESSAGES.updated,
      enquiry: await updateEnquiry(
        deps,
        currentUser(request),
        request.params.kind,
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...route(contract.convertEnquiry),
    onRequest: [app.requirePermission('enquiries:convert')],
    config: { missingFieldsMessage: USER_MANAGEMENT_MESSAGES.requiredFields },
    handler: async (request, reply) => {
      const converted = await convertEnquiry(
        deps,
        currentUser(request),
        request.params.kind,
        request.params.id,
        request.body,
        requestMeta(request),
      );
      return reply
        .status(201)
        .send({ success: true, message: ENQUIRY_MESSAGES.converted, ...converted });
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENQUIRY_MESSAGES,
  USER_MANAGEMENT_MESSAGES,
  createClientInputSchema,
  enquiryConvertedSchema,
  enquiryListSchema,
  enquiryNewCountSchema,
  enquiryParamsSchema,
  enquiryUpdatedSchema,
  listEnquiriesQuerySchema,
  updateEnquiryInputSchema,
} from '@firm/shared';
import { currentUser } from '../../plugins/auth';
import {
  convertEnquiry,
  listEnquiries,
  newEnquiryCount,
  updateEnquiry,
  type EnquiriesDeps,
} from './enquiries.service';
import { errorResponses, requestMeta } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409);

/** `/api/enquiries/*`: the inbox of contact messages and visitors' booking requests. */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: EnquiriesDeps = {
    db: app.db,
    outbox: app.outbox,
    publicUrl: app.config.publicUrl,
  };
  const mayViewEnquiries = [app.requirePermission('enquiries:view')];
  const tags = ['enquiries'];

  app.get(
    '/enquiries',
    {
      schema: {
        tags,
        summary: 'Contact messages and visitor booking requests, newest first (filtered, paged)',
        querystring: listEnquiriesQuerySchema,
        response: { 200: enquiryListSchema, ...errors },
      },
      onRequest: mayViewEnquiries,
    },
    async (request) => listEnquiries(deps, currentUser(request), request.query),
  );

  app.get(
    '/enquiries/new-count',
    {
      schema: {
        tags,
        summary: 'How many enquiries nobody has picked up yet (the nav badge)',
        response: { 200: enquiryNewCountSchema, ...errors },
      },
      onRequest: mayViewEnquiries,
    },
    async (request) => ({
      success: true as const,
      count: await newEnquiryCount(deps, currentUser(request)),
    }),
  );

  app.patch(
    '/enquiries/:kind/:id',
    {
      schema: {
        tags,
        summary: 'Change the status or note (with the version it was read at)',
        params: enquiryParamsSchema,
        body: updateEnquiryInputSchema,
        response: { 200: enquiryUpdatedSchema, ...errors },
      },
      onRequest: mayViewEnquiries,
    },
    async (request) => ({
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
  );

  app.post(
    '/enquiries/:kind/:id/convert',
    {
      schema: {
        tags,
        summary: 'Create the client account from the enquiry (temporary password shown once)',
        params: enquiryParamsSchema,
        body: createClientInputSchema,
        response: { 201: enquiryConvertedSchema, ...errors },
      },
      onRequest: [app.requirePermission('enquiries:convert')],
      config: { missingFieldsMessage: USER_MANAGEMENT_MESSAGES.requiredFields },
    },
    async (request, reply) => {
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
  );
};

import { defineContract } from '../common/contract';
import { createClientInputSchema } from '../users/schemas';
import { CLIENTS_ENDPOINTS } from './endpoints';
import {
  clientIdParamsSchema,
  clientListSchema,
  clientReadSchema,
  clientUpdatedSchema,
  enquiryConvertedSchema,
  enquiryListSchema,
  enquiryNewCountSchema,
  enquiryParamsSchema,
  enquiryUpdatedSchema,
  listClientsQuerySchema,
  listEnquiriesQuerySchema,
  updateClientInputSchema,
  updateEnquiryInputSchema,
} from './schemas';

/** Clients and the enquiries inbox: each endpoint's params, query, body and answer (ADR 044). */
export const clientsContract = defineContract(CLIENTS_ENDPOINTS, {
  listClients: {
    summary: 'Client accounts with open cases and next appointment (searched, filtered, paged)',
    query: listClientsQuerySchema,
    response: clientListSchema,
  },
  getClient: {
    summary: "A client's contact details, cases and appointments (the read is audited)",
    params: clientIdParamsSchema,
    response: clientReadSchema,
  },
  updateClient: {
    summary: "Change a client's name or phone; a new email is confirmed by a link sent to it",
    params: clientIdParamsSchema,
    body: updateClientInputSchema,
    response: clientUpdatedSchema,
  },
  listEnquiries: {
    summary: 'Contact messages and visitor booking requests, newest first (filtered, paged)',
    query: listEnquiriesQuerySchema,
    response: enquiryListSchema,
  },
  countNewEnquiries: {
    summary: 'How many enquiries nobody has picked up yet (the nav badge)',
    response: enquiryNewCountSchema,
  },
  updateEnquiry: {
    summary: 'Change the status or note (with the version it was read at)',
    params: enquiryParamsSchema,
    body: updateEnquiryInputSchema,
    response: enquiryUpdatedSchema,
  },
  convertEnquiry: {
    summary: 'Create the client account from the enquiry (temporary password shown once)',
    params: enquiryParamsSchema,
    body: createClientInputSchema,
    response: enquiryConvertedSchema,
    status: 201,
  },
});

export type ClientsContract = typeof clientsContract;

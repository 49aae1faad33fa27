import { z } from 'zod';
import { successMessageSchema } from '../auth/schemas';
import { defineContract } from '../common/contract';
import { PROFILE_ENDPOINTS } from './endpoints';
import {
  createDataRequestInputSchema,
  dataExportQuerySchema,
  dataRequestCreatedSchema,
  emailChangeConfirmInputSchema,
  emailChangeInputSchema,
  ownDataRequestsSchema,
  profileSchema,
  profileUpdatedSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  sessionsSignedOutSchema,
  updateProfessionalInputSchema,
  updateProfileInputSchema,
} from './schemas';

/** The signed-in person's own account: each endpoint's params, query, body and answer (ADR 044). */
export const profileContract = defineContract(PROFILE_ENDPOINTS, {
  getProfile: {
    summary: 'The signed-in person and any email change awaiting confirmation',
    response: profileSchema,
  },
  updateProfile: {
    summary: 'Change own first name, last name and phone',
    body: updateProfileInputSchema,
    response: profileUpdatedSchema,
  },
  updateProfessionalDetails: {
    summary: 'Change own professional details (advocates; the rules of registration)',
    body: updateProfessionalInputSchema,
    response: profileUpdatedSchema,
  },
  requestEmailChange: {
    summary: 'Send a confirmation link to a new email address (the old one is told)',
    body: emailChangeInputSchema,
    response: successMessageSchema,
  },
  confirmEmailChange: {
    summary: "Confirm a new email address with the link's token (single use, expiring)",
    body: emailChangeConfirmInputSchema,
    response: profileUpdatedSchema,
  },
  listSessions: {
    summary: 'Every device signed in to the account, this one marked',
    response: sessionListSchema,
  },
  endSession: {
    summary: 'Sign out one other device (effective at its next request)',
    params: sessionIdParamsSchema,
    response: successMessageSchema,
  },
  endOtherSessions: {
    summary: 'Sign out every device but this one',
    response: sessionsSignedOutSchema,
  },
  // The file is whatever the person's data holds (ADR 016); the server writes it, not a schema.
  exportOwnData: {
    summary:
      "The person's own data (Data Protection Act 2019, s.26): a JSON file, or with format=html its readable copy",
    query: dataExportQuerySchema,
    response: z.union([
      z.record(z.string(), z.unknown()),
      z.string().describe('format=html: the readable page (text/html)'),
    ]),
  },
  listOwnDataRequests: {
    summary: 'Own data-protection requests and their answers',
    response: ownDataRequestsSchema,
  },
  requestDeletion: {
    summary: 'Ask the firm to delete own data (one open request at a time)',
    body: createDataRequestInputSchema,
    response: dataRequestCreatedSchema,
    status: 201,
  },
});

export type ProfileContract = typeof profileContract;

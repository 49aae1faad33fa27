import { successMessageSchema } from '../auth/schemas';
import { defineContract } from '../common/contract';
import { USERS_ENDPOINTS } from './endpoints';
import {
  createAdminInputSchema,
  createAdvocateInputSchema,
  createClientInputSchema,
  listUsersQuerySchema,
  passwordResetByAdvocateSchema,
  updatePermissionsInputSchema,
  userCreatedSchema,
  userIdParamsSchema,
  userListSchema,
  userUpdatedSchema,
} from './schemas';

/** User management: each endpoint's params, query, body and answer (ADR 044). */
export const usersContract = defineContract(USERS_ENDPOINTS, {
  createAdmin: {
    summary: 'Create an admin with a temporary password (advocates)',
    body: createAdminInputSchema,
    response: userCreatedSchema,
    status: 201,
  },
  createClient: {
    summary: 'Create a client with a temporary password (advocates; admins who admit clients)',
    body: createClientInputSchema,
    response: userCreatedSchema,
    status: 201,
  },
  createAdvocate: {
    summary: 'Add a verified advocate with a temporary password (advocates)',
    body: createAdvocateInputSchema,
    response: userCreatedSchema,
    status: 201,
  },
  listUsers: {
    summary:
      'List accounts: advocates see everyone, admins who admit clients see clients (paged, filtered)',
    query: listUsersQuerySchema,
    response: userListSchema,
  },
  updateAdminPermissions: {
    summary: "Replace an admin's six permission toggles (effective on their next request)",
    params: userIdParamsSchema,
    body: updatePermissionsInputSchema,
    response: userUpdatedSchema,
  },
  deactivateUser: {
    summary: 'Deactivate an account and end its sessions',
    params: userIdParamsSchema,
    response: userUpdatedSchema,
  },
  activateUser: {
    summary: 'Activate an account',
    params: userIdParamsSchema,
    response: userUpdatedSchema,
  },
  verifyAdvocate: {
    summary: 'Verify an advocate awaiting verification (activates them)',
    params: userIdParamsSchema,
    response: userUpdatedSchema,
  },
  resetUserPassword: {
    summary: 'Give an account a new temporary password (shown once); ends its sessions',
    params: userIdParamsSchema,
    response: passwordResetByAdvocateSchema,
  },
  resetTwoFactor: {
    summary: "Turn off an account's two-factor sign-in (a lost phone); the person is emailed",
    params: userIdParamsSchema,
    response: successMessageSchema,
  },
  resendInvitation: {
    summary:
      'Email a new invitation to an admin or client who has not signed in yet; the earlier link stops working',
    params: userIdParamsSchema,
    response: userUpdatedSchema,
  },
  deleteUser: {
    summary: 'Delete an account permanently; ends its sessions',
    params: userIdParamsSchema,
    response: successMessageSchema,
  },
});

export type UsersContract = typeof usersContract;

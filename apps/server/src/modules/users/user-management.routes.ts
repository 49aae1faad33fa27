import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  USER_MANAGEMENT_MESSAGES,
  createAdminInputSchema,
  createAdvocateInputSchema,
  createClientInputSchema,
  listUsersQuerySchema,
  passwordResetByAdvocateSchema,
  successMessageSchema,
  updatePermissionsInputSchema,
  userCreatedSchema,
  userIdParamsSchema,
  userListSchema,
  userUpdatedSchema,
} from '@firm/shared';
import { currentUser } from '../../plugins/auth';
import { createAdmin, createAdvocate, createClient } from './account-creation.service';
import { activateUser, deactivateUser, deleteUser, verifyAdvocate } from './account-status.service';
import { updateAdminPermissions } from './admin-permissions.service';
import { resetUserPassword } from './password-reset-by-advocate.service';
import { resendInvitation } from './resend-invitation.service';
import { resetTwoFactor } from './two-factor-reset.service';
import { listUsers } from './user-list.service';
import type { UserManagementDeps } from './user-management-deps';
import { errorResponses, requestMeta } from '../../lib/route-kit';

/** Error answers every route here can give (the 400s carry per-field `errors`). */
const errors = errorResponses(400, 401, 403, 404, 409);

/** A missing required field answers 'Please fill in all required fields' (docs/texts.md). */
const config = { missingFieldsMessage: USER_MANAGEMENT_MESSAGES.requiredFields };

/**
 * `/api/user-management/*` (docs/product-rules.md#wire-contract). Routes check who may call before the body is read
 * (401 for a visitor, 403 with the access refusal of docs/texts.md); the service repeats the check and
 * holds every rule.
 */
export const userManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: UserManagementDeps = {
    db: app.db,
    outbox: app.outbox,
    publicUrl: app.config.publicUrl,
  };
  // Shared by several routes: each route gets its own copy (plugins/route-hook-arrays.ts).
  const mayManageUsers = [app.requirePermission('users:manage')];
  const mayAdmitClients = [app.requirePermission('clients:admit')];
  const tags = ['user management'];

  app.post(
    '/user-management/create-admin',
    {
      schema: {
        tags,
        summary: 'Create an admin with a temporary password (advocates)',
        body: createAdminInputSchema,
        response: { 201: userCreatedSchema, ...errors },
      },
      onRequest: [app.requirePermission('admins:manage')],
      config,
    },
    async (request, reply) => {
      const created = await createAdmin(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply
        .status(201)
        .send({ success: true, message: USER_MANAGEMENT_MESSAGES.adminCreated, ...created });
    },
  );

  app.post(
    '/user-management/create-client',
    {
      schema: {
        tags,
        summary: 'Create a client with a temporary password (advocates; admins who admit clients)',
        body: createClientInputSchema,
        response: { 201: userCreatedSchema, ...errors },
      },
      onRequest: mayAdmitClients,
      config,
    },
    async (request, reply) => {
      const created = await createClient(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply
        .status(201)
        .send({ success: true, message: USER_MANAGEMENT_MESSAGES.clientCreated, ...created });
    },
  );

  app.post(
    '/user-management/create-advocate',
    {
      schema: {
        tags,
        summary: 'Add a verified advocate with a temporary password (advocates)',
        body: createAdvocateInputSchema,
        response: { 201: userCreatedSchema, ...errors },
      },
      onRequest: mayManageUsers,
      config,
    },
    async (request, reply) => {
      const created = await createAdvocate(
        deps,
        currentUser(request),
        request.body,
        requestMeta(request),
      );
      return reply
        .status(201)
        .send({ success: true, message: AUTH_MESSAGES.advocateCreated, ...created });
    },
  );

  app.get(
    '/user-management/users',
    {
      schema: {
        tags,
        summary:
          'List accounts: advocates see everyone, admins who admit clients see clients (paged, filtered)',
        querystring: listUsersQuerySchema,
        response: { 200: userListSchema, ...errors },
      },
      onRequest: mayAdmitClients,
    },
    async (request) => listUsers(deps, currentUser(request), request.query),
  );

  app.put(
    '/user-management/admin/:id/permissions',
    {
      schema: {
        tags,
        summary: "Replace an admin's six permission toggles (effective on their next request)",
        params: userIdParamsSchema,
        body: updatePermissionsInputSchema,
        response: { 200: userUpdatedSchema, ...errors },
      },
      onRequest: [app.requirePermission('admins:manage')],
      config,
    },
    async (request) => {
      const user = await updateAdminPermissions(
        deps,
        currentUser(request),
        request.params.id,
        request.body.permissions,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: USER_MANAGEMENT_MESSAGES.adminPermissionsUpdated,
        user,
      };
    },
  );

  const userActions = [
    {
      path: 'deactivate',
      summary: 'Deactivate an account and end its sessions',
      run: deactivateUser,
      message: USER_MANAGEMENT_MESSAGES.userDeactivated,
    },
    {
      path: 'activate',
      summary: 'Activate an account',
      run: activateUser,
      message: USER_MANAGEMENT_MESSAGES.userActivated,
    },
    {
      path: 'verify',
      summary: 'Verify an advocate awaiting verification (activates them)',
      run: verifyAdvocate,
      message: USER_MANAGEMENT_MESSAGES.advocateVerified,
    },
  ] as const;

  for (const action of userActions) {
    app.put(
      `/user-management/user/:id/${action.path}`,
      {
        schema: {
          tags,
          summary: action.summary,
          params: userIdParamsSchema,
          response: { 200: userUpdatedSchema, ...errors },
        },
        onRequest: mayManageUsers,
      },
      async (request) => {
        const user = await action.run(
          deps,
          currentUser(request),
          request.params.id,
          requestMeta(request),
        );
        return { success: true as const, message: action.message, user };
      },
    );
  }

  app.put(
    '/user-management/user/:id/reset-password',
    {
      schema: {
        tags,
        summary: 'Give an account a new temporary password (shown once); ends its sessions',
        params: userIdParamsSchema,
        response: { 200: passwordResetByAdvocateSchema, ...errors },
      },
      onRequest: mayManageUsers,
    },
    async (request) => {
      const result = await resetUserPassword(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: USER_MANAGEMENT_MESSAGES.userPasswordReset,
        ...result,
      };
    },
  );

  app.post(
    '/user-management/user/:id/reset-two-factor',
    {
      schema: {
        tags,
        summary: "Turn off an account's two-factor sign-in (a lost phone); the person is emailed",
        params: userIdParamsSchema,
        response: { 200: successMessageSchema, ...errors },
      },
      onRequest: mayManageUsers,
    },
    async (request) => {
      await resetTwoFactor(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: USER_MANAGEMENT_MESSAGES.twoFactorReset };
    },
  );

  app.post(
    '/user-management/user/:id/resend-invitation',
    {
      schema: {
        tags,
        summary:
          'Email a new invitation to an admin or client who has not signed in yet; the earlier link stops working',
        params: userIdParamsSchema,
        response: { 200: userUpdatedSchema, ...errors },
      },
      // Who may depends on the account (an admin's: advocates; a client's: those who admit
      // clients): the service checks it once the account is read.
      onRequest: [app.requireUser],
    },
    async (request) => {
      const user = await resendInvitation(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      );
      return { success: true as const, message: USER_MANAGEMENT_MESSAGES.invitationResent, user };
    },
  );

  app.delete(
    '/user-management/user/:id',
    {
      schema: {
        tags,
        summary: 'Delete an account permanently; ends its sessions',
        params: userIdParamsSchema,
        response: { 200: successMessageSchema, ...errors },
      },
      onRequest: mayManageUsers,
    },
    async (request) => {
      await deleteUser(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: USER_MANAGEMENT_MESSAGES.userDeleted };
    },
  );
};

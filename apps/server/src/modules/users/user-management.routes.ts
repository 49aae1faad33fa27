import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, USER_MANAGEMENT_MESSAGES } from '@firm/shared';
import { usersContract as contract } from '@firm/shared/users/contract';
import { currentUser } from '../../plugins/auth';
import { createAdmin, createAdvocate, createClient } from './account-creation.service';
import { activateUser, deactivateUser, deleteUser, verifyAdvocate } from './account-status.service';
import { updateAdminPermissions } from './admin-permissions.service';
import { resetUserPassword } from './password-reset-by-advocate.service';
import { resendInvitation } from './resend-invitation.service';
import { resetTwoFactor } from './two-factor-reset.service';
import { listUsers } from './user-list.service';
import type { UserManagementDeps } from './user-management-deps';
import { contractRoute, errorResponses, requestMeta } from '../../lib/route-kit';

/** Error answers every route here can give (the 400s carry per-field `errors`). */
const errors = errorResponses(400, 401, 403, 404, 409);
const route = <E extends Parameters<typeof contractRoute>[0]>(endpoint: E) =>
  contractRoute(endpoint, { tags: ['user management'], errors });

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

  app.route({
    ...route(contract.createAdmin),
    onRequest: [app.requirePermission('admins:manage')],
    config,
    handler: async (request, reply) => {
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
  });

  app.route({
    ...route(contract.createClient),
    onRequest: mayAdmitClients,
    config,
    handler: async (request, reply) => {
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
  });

  app.route({
    ...route(contract.createAdvocate),
    onRequest: mayManageUsers,
    config,
    handler: async (request, reply) => {
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
  });

  app.route({
    ...route(contract.listUsers),
    onRequest: mayAdmitClients,
    handler: async (request) => listUsers(deps, currentUser(request), request.query),
  });

  app.route({
    ...route(contract.updateAdminPermissions),
    onRequest: [app.requirePermission('admins:manage')],
    config,
    handler: async (request) => {
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
  });

  const userActions = [
    {
      endpoint: contract.deactivateUser,
      run: deactivateUser,
      message: USER_MANAGEMENT_MESSAGES.userDeactivated,
    },
    {
      endpoint: contract.activateUser,
      run: activateUser,
      message: USER_MANAGEMENT_MESSAGES.userActivated,
    },
    {
      endpoint: contract.verifyAdvocate,
      run: verifyAdvocate,
      message: USER_MANAGEMENT_MESSAGES.advocateVerified,
    },
  ] as const;

  for (const action of userActions) {
    app.route({
      ...route(action.endpoint),
      onRequest: mayManageUsers,
      handler: async (request) => {
        const user = await action.run(
          deps,
          currentUser(request),
          request.params.id,
          requestMeta(request),
        );
        return { success: true as const, message: action.message, user };
      },
    });
  }

  app.route({
    ...route(contract.resetUserPassword),
    onRequest: mayManageUsers,
    handler: async (request) => {
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
  });

  app.route({
    ...route(contract.resetTwoFactor),
    onRequest: mayManageUsers,
    handler: async (request) => {
      await resetTwoFactor(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: USER_MANAGEMENT_MESSAGES.twoFactorReset };
    },
  });

  app.route({
    ...route(contract.resendInvitation),
    // Who may depends on the account (an admin's: advocates; a client's: those who admit
    // clients): the service checks it once the account is read.
    onRequest: [app.requireUser],
    handler: async (request) => {
      const user = await resendInvitation(
        deps,
        currentUser(request),
        request.params.id,
        requestMeta(request),
      );
      return { success: true as const, message: USER_MANAGEMENT_MESSAGES.invitationResent, user };
    },
  });

  app.route({
    ...route(contract.deleteUser),
    onRequest: mayManageUsers,
    handler: async (request) => {
      await deleteUser(deps, currentUser(request), request.params.id, requestMeta(request));
      return { success: true as const, message: USER_MANAGEMENT_MESSAGES.userDeleted };
    },
  });
};

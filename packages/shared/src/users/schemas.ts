import { z } from 'zod';
import {
  ADMIN_PERMISSION_KEYS,
  LIMITS,
  PASSWORD_MIN_REGISTRATION,
  ROLES,
  USER_SEARCH_MAX,
  USER_STATUSES,
  type AdminPermissionKey,
  type AdminPermissions,
} from '../common/constants';
import { VALIDATION } from '../common/texts';
import { USER_MANAGEMENT_MESSAGES } from './texts';
import { publicUserSchema, registerInputSchema, successMessageSchema } from '../auth/schemas';
import { conflictClearanceSchema } from '../cases/schemas';
import {
  emailField,
  idParamsSchema,
  textRule,
  optionalPhoneField,
  paginationSchema,
  requiredText,
} from '../common/fields';
import { queryLimit, queryPage } from '../common/list-query';

/**
 * The `/api/user-management/*` contract (docs/product-rules.md#records, #validation,
 * #wire-contract; its texts: docs/texts.md). The server validates with these schemas and the forms use the same ones.
 */

// ---------------------------------------------------------------------------------------------
// Fields

/** `:id` in every per-user path: a malformed id answers 400, never a database error. */
export const userIdParamsSchema = idParamsSchema(USER_MANAGEMENT_MESSAGES.invalidUserId);
export type UserIdParams = z.output<typeof userIdParamsSchema>;

const permissionShape = <T extends z.ZodType>(field: () => T) =>
  Object.fromEntries(ADMIN_PERMISSION_KEYS.map((key) => [key, field()])) as Record<
    AdminPermissionKey,
    T
  >;

/** All six toggles, each a boolean (PUT replaces the set, so none may be left out). */
export const adminPermissionsInputSchema = z.object(
  permissionShape(() => z.boolean({ error: USER_MANAGEMENT_MESSAGES.permissionsIncomplete })),
  { error: USER_MANAGEMENT_MESSAGES.permissionsIncomplete },
);

/** At creation a toggle left out is off: an admin starts with no more than was granted. */
const initialPermissionsSchema = z
  .object(
    permissionShape(() =>
      z.boolean({ error: USER_MANAGEMENT_MESSAGES.permissionsIncomplete }).optional(),
    ),
    { error: USER_MANAGEMENT_MESSAGES.permissionsIncomplete },
  )
  .optional()
  .transform((value): AdminPermissions => {
    const permissions = {} as AdminPermissions;
    for (const key of ADMIN_PERMISSION_KEYS) permissions[key] = value?.[key] ?? false;
    return permissions;
  });

/** A temporary password the advocate typed (the Admin Overview's form): the minimum of docs/product-rules.md#validation. */
const temporaryPasswordField = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, { error: VALIDATION.passwordRequired })
  .min(PASSWORD_MIN_REGISTRATION, { error: VALIDATION.passwordMinRegistration })
  .max(LIMITS.passwordMax, { error: VALIDATION.tooLong(LIMITS.passwordMax) })
  .superRefine(textRule());

const personShape = {
  firstName: requiredText(VALIDATION.firstNameRequired, LIMITS.nameMax, { printable: true }),
  lastName: requiredText(VALIDATION.lastNameRequired, LIMITS.nameMax, { printable: true }),
  email: emailField,
  phone: optionalPhoneField,
};

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * POST /api/user-management/create-admin. `permissions` may be left out (all off); the password
 * is generated unless the advocate supplied one (an empty one counts as not supplied).
 */
export const createAdminInputSchema = z.object({
  ...personShape,
  permissions: initialPermissionsSchema,
  temporaryPassword: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    temporaryPasswordField.optional(),
  ),
});
export type CreateAdminInput = z.input<typeof createAdminInputSchema>;
export type CreateAdminValues = z.output<typeof createAdminInputSchema>;

/**
 * POST /api/user-management/create-client. When the conflict-of-interest check finds the new
 * client's name among the parties of a case, the server answers 409 CONFLICT_CHECK_REQUIRED naming
 * the matches, and the form sends again with "Checked: no conflict" and a reason.
 */
export const createClientInputSchema = z.object({
  ...personShape,
  conflictCheck: conflictClearanceSchema.optional(),
});
export type CreateClientInput = z.input<typeof createClientInputSchema>;
export type CreateClientValues = z.output<typeof createClientInputSchema>;

/**
 * POST /api/user-management/create-advocate: the advocate payload of docs/product-rules.md#records without a
 * password (a temporary one is generated) or a super key (the caller is an advocate already).
 */
export const createAdvocateInputSchema = registerInputSchema.omit({
  password: true,
  superKey: true,
});
export type CreateAdvocateInput = z.input<typeof createAdvocateInputSchema>;
export type CreateAdvocateValues = z.output<typeof createAdvocateInputSchema>;

/** PUT /api/user-management/admin/:id/permissions */
export const updatePermissionsInputSchema = z.object(
  { permissions: adminPermissionsInputSchema },
  { error: USER_MANAGEMENT_MESSAGES.permissionsIncomplete },
);
export type UpdatePermissionsInput = z.input<typeof updatePermissionsInputSchema>;

/** An empty query value (`?role=`) means "no filter". */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * GET /api/user-management/users. Every filter is optional (a client written to docs/product-rules.md#wire-contract sends only `role`).
 * `all` is the same as leaving a filter out.
 */
export const listUsersQuerySchema = z.object({
  role: z.preprocess(
    emptyAsUndefined,
    z
      .enum([...ROLES, 'all'], { error: `Role must be one of: ${ROLES.join(', ')}` })
      .optional()
      .transform((value) => (value === 'all' ? undefined : value)),
  ),
  status: z.preprocess(
    emptyAsUndefined,
    z
      .enum([...USER_STATUSES, 'all'], {
        error: `Status must be one of: ${USER_STATUSES.join(', ')}`,
      })
      .optional()
      .transform((value) => (value === 'all' ? undefined : value)),
  ),
  search: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(USER_SEARCH_MAX, { error: VALIDATION.tooLong(USER_SEARCH_MAX) })
      .superRefine(textRule())
      .optional(),
  ),
  page: queryPage,
  limit: queryLimit,
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;
export type ListUsersFilters = z.output<typeof listUsersQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Forms (the web app)

// ---------------------------------------------------------------------------------------------
// Responses

/** A user as the management list shows them: the wire user plus their workload. */
export const managedUserSchema = publicUserSchema.extend({
  /** Cases assigned to this person (open or closed). */
  casesAssigned: z.number().int(),
  /** Distinct clients of the cases assigned to this person. */
  clientsManaged: z.number().int(),
  /** Signs in with a second factor (an advocate may reset it, for a lost phone). */
  twoFactor: z.boolean(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** Counts over everything the caller may see, whatever the filters (the screens' stat cards). */
export const userStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  advocates: z.number().int(),
  pendingAdvocates: z.number().int(),
  admins: z.number().int(),
  activeAdmins: z.number().int(),
  inactiveAdmins: z.number().int(),
  clients: z.number().int(),
  /** The sum of casesAssigned over admins (the Admin Overview's "Total Cases"). */
  adminCasesAssigned: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** GET /api/user-management/users (docs/product-rules.md#wire-contract), plus `stats`. */
export const userListSchema = z.object({
  success: z.literal(true),
  /** Users on this page. */
  count: z.number().int(),
  /** Users matching the filters, on every page. */
  total: z.number().int(),
  pagination: paginationSchema,
  users: z.array(managedUserSchema),
  stats: userStatsSchema,
});
export type UserList = z.infer<typeof userListSchema>;

/** Create admin, client or advocate: the user and their temporary password, shown once. */
export const userCreatedSchema = successMessageSchema.extend({
  user: publicUserSchema,
  temporaryPassword: z.string(),
});
export type UserCreated = z.infer<typeof userCreatedSchema>;

/** Deactivate, activate, verify and permission changes: the user as they now are. */
export const userUpdatedSchema = successMessageSchema.extend({ user: publicUserSchema });
export type UserUpdated = z.infer<typeof userUpdatedSchema>;

/** PUT /api/user-management/user/:id/reset-password */
export const passwordResetByAdvocateSchema = successMessageSchema.extend({
  user: publicUserSchema,
  temporaryPassword: z.string(),
});
export type PasswordResetByAdvocate = z.infer<typeof passwordResetByAdvocateSchema>;

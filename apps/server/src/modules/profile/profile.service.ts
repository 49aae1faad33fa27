import {
  PROFILE_MESSAGES,
  can,
  type Profile,
  type UpdateProfessionalValues,
  type UpdateProfileValues,
  clientPaymentReference,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Outbox } from '../deliveries/outbox';
import { writeAudit } from '../audit/audit-log.repository';
import { toPublicUser } from '../users/user-serializer';
import { updateUser } from '../users/users.repository';
import { findPendingEmailChange } from './profile.repository';
import type { RequestMeta } from '../../lib/route-kit';

export interface ProfileDeps {
  db: Db;
  outbox: Pick<Outbox, 'dispatch'>;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

/**
 * Profile Settings: what a signed-in person may do to their own account. Every change
 * and its audit row are written in one transaction.
 */

export async function profileOf(
  deps: ProfileDeps,
  user: UserRow,
  now = new Date(),
): Promise<Profile> {
  const pending = await findPendingEmailChange(deps.db, user.id, now);
  return {
    user: toPublicUser(user),
    pendingEmail: pending?.newEmail ?? null,
    paymentReference:
      user.paymentReference === null ? null : clientPaymentReference(user.paymentReference),
  };
}

export async function getProfile(deps: ProfileDeps, actor: UserRow): Promise<Profile> {
  return profileOf(deps, actor);
}

export async function updateProfile(
  deps: ProfileDeps,
  actor: UserRow,
  input: UpdateProfileValues,
  meta: RequestMeta,
): Promise<Profile> {
  const patch = {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
  };
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, actor.id, patch);
    const changed = (Object.keys(patch) as (keyof typeof patch)[]).filter(
      (key) => actor[key] !== patch[key],
    );
    if (changed.length > 0) {
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'profile.updated',
        targetUserId: actor.id,
        ip: meta.ip,
        details: { fields: changed },
      });
    }
    return row!;
  });
  return profileOf(deps, updated);
}

export async function updateProfessionalDetails(
  deps: ProfileDeps,
  actor: UserRow,
  input: UpdateProfessionalValues,
  meta: RequestMeta,
): Promise<Profile> {
  if (!can(actor, 'profile:professional')) {
    throw AppError.forbidden(PROFILE_MESSAGES.professionalDetailsOnlyAdvocates);
  }
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, actor.id, {
      licenseNumber: input.licenseNumber,
      specializations: input.specialization,
      experience: input.experience,
      education: input.education,
      barAdmission: input.barAdmission,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'profile.professional_updated',
      targetUserId: actor.id,
      ip: meta.ip,
      details: { licenseNumber: input.licenseNumber },
    });
    return row!;
  });
  return profileOf(deps, updated);
}

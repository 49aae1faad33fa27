import { DENIED_TEXTS, can, type Action, type Actor, type OwnedResource } from '@firm/shared';
import { AppError } from './app-error';

/**
 * The server's one way to refuse: `can()` from packages/shared (the same rules the screens use),
 * on the record when one is given, and a 403 with the action's own words (`DENIED_TEXTS`). The
 * route guard (`app.requirePermission`) asks it before a body is read; services ask it again.
 */
export function assertCan(
  actor: Actor | null | undefined,
  action: Action,
  resource?: OwnedResource,
): void {
  if (!can(actor, action, resource)) throw AppError.forbidden(DENIED_TEXTS[action]);
}

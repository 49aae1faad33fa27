import {
  ADMIN_PERMISSION_KEYS,
  ADMIN_PERMISSION_LABELS,
  ADMIN_TOGGLE_DESCRIPTIONS,
  NO_PERMISSIONS_WARNING,
  type AdminPermissions,
} from '@firm/shared';
import { AlertTriangle } from 'lucide-react';
import { Toggle } from '../../../components/ui/toggle';

/** What every admin keeps with no toggle, generated from the rules (permission-texts.ts). */
export const ZERO_PERMISSIONS_WARNING = NO_PERMISSIONS_WARNING;

/** The six admin toggles (docs/roles-and-permissions.md), with the warning when all are off. */
export function PermissionToggles({
  value,
  onChange,
  disabled = false,
}: {
  value: AdminPermissions;
  onChange: (next: AdminPermissions) => void;
  disabled?: boolean;
}) {
  const noneEnabled = ADMIN_PERMISSION_KEYS.every((key) => !value[key]);
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Permissions</legend>
      <div className="mt-1 divide-y divide-slate-100">
        {ADMIN_PERMISSION_KEYS.map((key) => (
          <Toggle
            key={key}
            label={ADMIN_PERMISSION_LABELS[key].label}
            // Exactly what the rules open with it (permission-texts.ts), so it cannot drift from them.
            description={ADMIN_TOGGLE_DESCRIPTIONS[key]}
            checked={value[key]}
            disabled={disabled}
            onChange={(checked) => onChange({ ...value, [key]: checked })}
          />
        ))}
      </div>
      {noneEnabled ? (
        <p
          role="status"
          className="mt-2 flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
        >
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          {ZERO_PERMISSIONS_WARNING}
        </p>
      ) : null}
    </fieldset>
  );
}

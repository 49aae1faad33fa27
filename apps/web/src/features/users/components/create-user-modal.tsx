import {
  CASE_MESSAGES,
  USER_MANAGEMENT_MESSAGES,
  NO_ADMIN_PERMISSIONS,
  createClientInputSchema,
  type AdminPermissions,
  type CreateClientInput,
  type UserCreated,
} from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { AccountFields } from '../../../components/forms/account-fields';
import { ConflictClearance } from '../../../components/forms/conflict-clearance';
import { FormModal } from '../../../components/ui/form-modal';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { useCreateAdmin } from '../api/create-admin';
import { useCreateClient } from '../api/create-client';
import { PermissionToggles } from './permission-toggles';
import { applyServerErrors } from '../../../lib/form-errors';

export type NewUserKind = 'admin' | 'client';

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
const REQUIRED = ['firstName', 'lastName', 'email'] as const;

/**
 * Advanced User Management's Add Admin and Add Client (SPEC sections 2 and 5): first name, last
 * name and email required ('Please fill in all required fields'), phone optional, and for an
 * admin the six toggles with the zero-permissions warning. The server generates the temporary
 * password; `onCreated` shows it.
 */
export function CreateUserModal({
  kind,
  onClose,
  onCreated,
}: {
  kind: NewUserKind;
  onClose: () => void;
  onCreated: (created: UserCreated) => void;
}) {
  const formId = useId();
  const createAdmin = useCreateAdmin();
  const createClient = useCreateClient();
  const [permissions, setPermissions] = useState<AdminPermissions>(NO_ADMIN_PERMISSIONS);
  const [formAlert, setFormAlert] = useState<string | null>(null);
  // The conflict-of-interest check found the new client named in a case (issue 13).
  const [conflict, setConflict] = useState<string | null>(null);
  const [cleared, setCleared] = useState(false);
  const [reason, setReason] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CreateClientInput>({
    resolver: zodResolver(createClientInputSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setFormAlert(null);
      if (conflict && (!cleared || !reason.trim())) {
        setFormAlert(
          cleared ? CASE_MESSAGES.conflictReasonRequired : CASE_MESSAGES.conflictCheckRequired,
        );
        return;
      }
      try {
        const created =
          kind === 'admin'
            ? await createAdmin.mutateAsync({ ...values, permissions })
            : await createClient.mutateAsync({
                ...values,
                ...(conflict ? { conflictCheck: { cleared: true, reason: reason.trim() } } : {}),
              });
        toast.success(created.message);
        onCreated(created);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'CONFLICT_CHECK_REQUIRED') {
          setConflict(error.message);
          return;
        }
        applyServerErrors(error, setError, FIELDS);
        const message = serverMessageOr(
          error,
          kind === 'admin'
            ? USER_MANAGEMENT_MESSAGES.createAdminFailed
            : USER_MANAGEMENT_MESSAGES.createClientFailed,
        );
        setFormAlert(message);
        toast.error(message);
      }
    },
    () => {
      const values = getValues();
      const isMissing = REQUIRED.some((field) => !values[field]?.trim());
      setFormAlert(isMissing ? USER_MANAGEMENT_MESSAGES.requiredFields : null);
    },
  );

  const title = kind === 'admin' ? 'Add Admin' : 'Add Client';
  return (
    <FormModal
      title={title}
      size={kind === 'admin' ? 'lg' : 'md'}
      description="A temporary password is generated and shown once; it must be changed at the first sign-in."
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={kind === 'admin' ? 'Create Admin' : 'Create Client'}
      busyLabel="Creating…"
      alert={formAlert}
    >
      <AccountFields register={register} errors={errors} />
      {conflict ? (
        <ConflictClearance
          idPrefix={formId}
          cleared={cleared}
          onClearedChange={setCleared}
          reason={reason}
          onReasonChange={setReason}
        >
          <p role="alert">{conflict}</p>
        </ConflictClearance>
      ) : null}
      {kind === 'admin' ? (
        <PermissionToggles value={permissions} onChange={setPermissions} disabled={isSubmitting} />
      ) : null}
    </FormModal>
  );
}

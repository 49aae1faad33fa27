import {
  MESSAGES,
  USER_MANAGEMENT_MESSAGES,
  type CreateClientInput,
  type UserCreated,
} from '@firm/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiError, errorText } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { FormModal } from '../ui/form-modal';
import { AccountFields } from './account-fields';
import { ConflictClearance, useConflictClearance } from './conflict-clearance';
import { lazyZodResolver } from '../../lib/lazy-resolver';

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
const REQUIRED = ['firstName', 'lastName', 'email'] as const;

/** The schema (and zod) load when the form is first used (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() =>
  import('@firm/shared/users/schemas').then((m) => m.createClientInputSchema),
);

/**
 * A new account with a generated temporary password (docs/product-rules.md#screens, #validation: first name, last name
 * and email required, 'Please fill in all required fields', phone optional): Add Admin and Add
 * Client in user management, Add Client on the Clients screen, and 'Convert to client' in the
 * Enquiries inbox, pre-filled with the enquiry's details. When the conflict-of-interest check
 * finds a new client's name in a case, the server answers 409 CONFLICT_CHECK_REQUIRED and the form
 * asks for "Checked: no conflict" and a reason. `extra` adds fields below (an admin's toggles).
 */
export function NewAccountModal({
  title,
  submitLabel,
  description,
  size,
  defaultValues,
  submit,
  failedMessage = USER_MANAGEMENT_MESSAGES.createClientFailed,
  extra,
  onClose,
  onCreated,
}: {
  title: string;
  submitLabel: string;
  description: string;
  size?: 'md' | 'lg';
  defaultValues?: Partial<CreateClientInput>;
  submit: (input: CreateClientInput) => Promise<UserCreated>;
  /** The alert when the server gives no message. */
  failedMessage?: string;
  extra?: (isSubmitting: boolean) => ReactNode;
  onClose: () => void;
  onCreated: (created: UserCreated) => void;
}) {
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const clearance = useConflictClearance();
  // Opened: the schema loads while the person fills the form in.
  useEffect(() => resolver.preload(), []);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CreateClientInput>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', ...defaultValues },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setFormAlert(null);
      const cleared = conflict ? await clearance.check() : null;
      if (cleared && 'message' in cleared) {
        setFormAlert(cleared.message);
        return;
      }
      try {
        const created = await submit({
          ...values,
          ...(cleared ? { conflictCheck: cleared.clearance } : {}),
        });
        toast.success(created.message);
        onCreated(created);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'CONFLICT_CHECK_REQUIRED') {
          setConflict(error.message);
          return;
        }
        applyServerErrors(error, setError, FIELDS);
        const message = errorText(error, failedMessage);
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

  return (
    <FormModal
      title={title}
      size={size}
      description={description}
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel={submitLabel}
      busyLabel={MESSAGES.creating}
      alert={formAlert}
    >
      <AccountFields register={register} errors={errors} />
      {conflict ? (
        <ConflictClearance form={clearance.form}>
          <p role="alert">{conflict}</p>
        </ConflictClearance>
      ) : null}
      {extra?.(isSubmitting)}
    </FormModal>
  );
}

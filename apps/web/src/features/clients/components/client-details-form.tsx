import {
  MESSAGES,
  CLIENT_MESSAGES,
  type ClientDetail,
  type ClientDetailsFormInput,
  type UpdateClientInput,
  CLIENT_SCREEN_FAILURES,
} from '@firm/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { AccountFields } from '../../../components/forms/account-fields';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateClient } from '../api/update-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

/** The schema (and zod) load when the form is first used (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() =>
  import('@firm/shared/clients/schemas').then((m) => m.clientDetailsFormSchema),
);

/**
 * A client's contact details, editable by advocates and admins who admit clients. Only what
 * changed is sent; a new email is confirmed by the client through a link sent to it.
 */
export function ClientDetailsForm({ client }: { client: ClientDetail['client'] }) {
  const update = useUpdateClient(client.id);
  const saved: ClientDetailsFormInput = {
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone ?? '',
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ClientDetailsFormInput>({
    resolver: resolver as never,
    values: saved,
  });

  const onSubmit = handleSubmit(async (values) => {
    const changes: UpdateClientInput = {};
    if (values.firstName.trim() !== client.firstName) changes.firstName = values.firstName;
    if (values.lastName.trim() !== client.lastName) changes.lastName = values.lastName;
    if (values.email.trim().toLowerCase() !== client.email) changes.email = values.email;
    if ((values.phone ?? '') !== (client.phone ?? '')) changes.phone = values.phone ?? '';
    if (Object.keys(changes).length === 0) return;
    try {
      const updated = await update.mutateAsync(changes);
      toast.success(updated.message);
      reset({
        firstName: updated.client.firstName,
        lastName: updated.client.lastName,
        email: updated.client.email,
        phone: updated.client.phone ?? '',
      });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      toast.error(errorText(error, CLIENT_SCREEN_FAILURES.clientUpdateFailed));
    }
  });

  return (
    <form
      onFocus={resolver.preload}
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label="Contact details"
    >
      <AccountFields
        register={register}
        errors={errors}
        columns="all"
        emailHint={
          client.pendingEmail
            ? CLIENT_MESSAGES.emailPending(client.pendingEmail)
            : CLIENT_MESSAGES.emailChangeHint
        }
      />
      <Button
        type="submit"
        isLoading={isSubmitting}
        loadingText={MESSAGES.saving}
        disabled={!isDirty}
      >
        Save Changes
      </Button>
    </form>
  );
}

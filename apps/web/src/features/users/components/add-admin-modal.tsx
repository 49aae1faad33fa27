import { USER_MANAGEMENT_MESSAGES, addAdminFormSchema, type AddAdminFormInput } from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { AccountFields } from '../../../components/forms/account-fields';
import { FormModal } from '../../../components/ui/form-modal';
import { PasswordField } from '../../../components/ui/password-field';
import { serverMessageOr } from '../../../lib/api-client';
import { useCreateAdmin } from '../api/create-admin';
import { applyServerErrors } from '../../../lib/form-errors';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'temporaryPassword'] as const;

/**
 * The Admin Overview's 'Add New Admin' (SPEC section 5): every field required, the advocate
 * chooses the temporary password (at least 8 characters), the admin starts with no permissions.
 */
export function AddAdminModal({ onClose }: { onClose: () => void }) {
  const createAdmin = useCreateAdmin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddAdminFormInput>({
    resolver: zodResolver(addAdminFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', temporaryPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createAdmin.mutateAsync(values);
      toast.success(USER_MANAGEMENT_MESSAGES.overviewAdminCreated);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      toast.error(serverMessageOr(error, USER_MANAGEMENT_MESSAGES.overviewCreateAdminFailed));
    }
  });

  return (
    <FormModal
      title="Add New Admin"
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel="Create Admin"
      busyLabel="Creating…"
    >
      <AccountFields register={register} errors={errors} isPhoneRequired />
      <PasswordField
        label="Temporary Password"
        autoComplete="new-password"
        required
        error={errors.temporaryPassword?.message}
        hint="The admin must change this password when they first sign in."
        {...register('temporaryPassword')}
      />
    </FormModal>
  );
}

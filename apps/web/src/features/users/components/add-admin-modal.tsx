import { USER_MANAGEMENT_MESSAGES, addAdminFormSchema, type AddAdminFormInput } from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { serverMessageOr } from '../../../lib/api-client';
import { useCreateAdmin } from '../api/create-admin';
import { applyServerErrors } from '../../../lib/form-errors';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'temporaryPassword'] as const;

/**
 * The Admin Overview's 'Add New Admin' (SPEC section 5): every field required, the advocate
 * chooses the temporary password (at least 8 characters), the admin starts with no permissions.
 */
export function AddAdminModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
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
    <Modal
      title="Add New Admin"
      onClose={onClose}
      isBusy={isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting} loadingText="Creating…">
            Create Admin
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            autoComplete="off"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last Name"
            autoComplete="off"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          error={errors.phone?.message}
          {...register('phone')}
        />
        <PasswordField
          label="Temporary Password"
          autoComplete="new-password"
          required
          error={errors.temporaryPassword?.message}
          hint="The admin must change this password when they first sign in."
          {...register('temporaryPassword')}
        />
      </form>
    </Modal>
  );
}

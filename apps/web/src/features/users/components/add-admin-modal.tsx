import {
  MESSAGES,
  USER_MANAGEMENT_MESSAGES,
  addAdminFormSchema,
  generateTemporaryPassword,
  type AddAdminFormInput,
} from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { AccountFields } from '../../../components/forms/account-fields';
import { Button } from '../../../components/ui/button';
import { FormModal } from '../../../components/ui/form-modal';
import { PasswordField } from '../../../components/ui/password-field';
import { errorText } from '../../../lib/api-client';
import { useCreateAdmin } from '../api/create-admin';
import { applyServerErrors } from '../../../lib/form-errors';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'temporaryPassword'] as const;

/**
 * The Admin Overview's 'Add New Admin' (docs/product-rules.md#validation): every field required, the advocate
 * chooses the temporary password (at least 8 characters) or has a strong one generated, the admin
 * starts with no permissions.
 */
export function AddAdminModal({ onClose }: { onClose: () => void }) {
  const createAdmin = useCreateAdmin();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AddAdminFormInput>({
    resolver: zodResolver(addAdminFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', temporaryPassword: '' },
  });

  // Bumped by Generate: remounts the field shown, so the advocate can read what to hand over.
  const [generation, setGeneration] = useState(0);
  const generate = () => {
    setValue('temporaryPassword', generateTemporaryPassword(), { shouldValidate: true });
    setGeneration((count) => count + 1);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createAdmin.mutateAsync(values);
      toast.success(USER_MANAGEMENT_MESSAGES.overviewAdminCreated);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      toast.error(errorText(error, USER_MANAGEMENT_MESSAGES.overviewCreateAdminFailed));
    }
  });

  return (
    <FormModal
      title="Add New Admin"
      onClose={onClose}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel="Create Admin"
      busyLabel={MESSAGES.creating}
    >
      <AccountFields register={register} errors={errors} isPhoneRequired />
      <PasswordField
        key={generation}
        isInitiallyVisible={generation > 0}
        label="Temporary Password"
        autoComplete="new-password"
        required
        error={errors.temporaryPassword?.message}
        hint={
          generation > 0
            ? `${USER_MANAGEMENT_MESSAGES.passwordGenerated} ${USER_MANAGEMENT_MESSAGES.temporaryPasswordHint}`
            : USER_MANAGEMENT_MESSAGES.temporaryPasswordHint
        }
        {...register('temporaryPassword')}
      />
      <Button type="button" variant="secondary" onClick={generate}>
        <KeyRound aria-hidden="true" className="size-4" />
        {USER_MANAGEMENT_MESSAGES.generatePassword}
      </Button>
    </FormModal>
  );
}

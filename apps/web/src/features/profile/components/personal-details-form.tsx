import { MESSAGES, type Profile } from '@firm/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { OwnDetailsFields } from '../../../components/forms/own-details-fields';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/profile';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

/** The schema (and zod) load when the form is first used (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() =>
  import('@firm/shared/profile/schemas').then((m) => m.updateProfileInputSchema),
);

/** First name, last name and phone (any Kenyan form; saved as +254…). */
export function PersonalDetailsForm({ profile }: { profile: Profile }) {
  const mutation = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: {
      firstName: profile.user.firstName,
      lastName: profile.user.lastName,
      phone: profile.user.phone ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync({ ...values, phone: values.phone ?? '' });
      toast.success(result.message);
    } catch (error) {
      applyServerErrors(error, setError, ['firstName', 'lastName', 'phone']);
      toast.error(errorText(error));
    }
  });

  return (
    <form onFocus={resolver.preload} noValidate onSubmit={onSubmit} className="space-y-4">
      <OwnDetailsFields
        register={register}
        errors={errors}
        phoneHint="Optional. Any Kenyan form; saved as +254…"
      />
      <Button type="submit" isLoading={isSubmitting} loadingText={MESSAGES.saving}>
        Save details
      </Button>
    </form>
  );
}

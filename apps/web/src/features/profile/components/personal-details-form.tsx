import { type Profile } from '@firm/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          hint="Optional. Any Kenyan form; saved as +254…"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <Button type="submit" isLoading={isSubmitting} loadingText="Saving…">
        Save details
      </Button>
    </form>
  );
}

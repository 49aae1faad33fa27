import { MESSAGES, SPECIALIZATIONS, type PublicUser } from '@firm/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { ProfessionalFields } from '../../../components/forms/professional-fields';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateProfessional } from '../api/profile';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

const KNOWN = new Set<string>(SPECIALIZATIONS);

/** The schema module (and zod) load when the form is first used (lib/lazy-resolver.ts). */
const loadSchemas = () => import('@firm/shared/profile/schemas');
const resolver = lazyZodResolver(() => loadSchemas().then((m) => m.professionalFormSchema));

/** An advocate's details from registration, with the same rules. */
export function ProfessionalDetailsForm({ user }: { user: PublicUser }) {
  const mutation = useUpdateProfessional();
  const current = user.specialization ?? [];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: {
      licenseNumber: user.licenseNumber ?? '',
      experience: user.experience ?? '',
      education: user.education ?? '',
      barAdmission: user.barAdmission ?? '',
      specializations: current.filter((name) =>
        KNOWN.has(name),
      ) as (typeof SPECIALIZATIONS)[number][],
      otherSpecializations: current.filter((name) => !KNOWN.has(name)).join(', '),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      // Loaded with the schema that has just checked the values.
      const { toProfessionalPayload } = await loadSchemas();
      const result = await mutation.mutateAsync(toProfessionalPayload(values));
      toast.success(result.message);
    } catch (error) {
      applyServerErrors(error, setError, [
        'licenseNumber',
        'experience',
        'education',
        'barAdmission',
      ]);
      toast.error(errorText(error));
    }
  });

  return (
    <form onFocus={resolver.preload} noValidate onSubmit={onSubmit} className="space-y-4">
      <ProfessionalFields register={register} errors={errors} />
      <Button type="submit" isLoading={isSubmitting} loadingText={MESSAGES.saving}>
        Save professional details
      </Button>
    </form>
  );
}

import {
  SPECIALIZATIONS,
  professionalFormSchema,
  toProfessionalPayload,
  type PublicUser,
} from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { ProfessionalFields } from '../../../components/forms/professional-fields';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateProfessional } from '../api/profile';

const KNOWN = new Set<string>(SPECIALIZATIONS);

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
    resolver: zodResolver(professionalFormSchema),
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
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ProfessionalFields register={register} errors={errors} />
      <Button type="submit" isLoading={isSubmitting} loadingText="Saving…">
        Save professional details
      </Button>
    </form>
  );
}

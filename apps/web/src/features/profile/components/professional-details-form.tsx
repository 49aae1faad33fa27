import {
  SPECIALIZATIONS,
  professionalFormSchema,
  toProfessionalPayload,
  type PublicUser,
} from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateProfessional } from '../api/profile';

const KNOWN = new Set<string>(SPECIALIZATIONS);

/** An advocate's details from registration, with the same rules. */
export function ProfessionalDetailsForm({ user }: { user: PublicUser }) {
  const specializationsId = useId();
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
  const specializationError = errors.specializations?.message;

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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="License number"
          required
          error={errors.licenseNumber?.message}
          {...register('licenseNumber')}
        />
        <TextField
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          required
          error={errors.experience?.message}
          {...register('experience')}
        />
        <TextField
          label="Education"
          required
          error={errors.education?.message}
          {...register('education')}
        />
        <TextField
          label="Bar admission"
          required
          error={errors.barAdmission?.message}
          {...register('barAdmission')}
        />
      </div>
      <fieldset aria-describedby={specializationError ? `${specializationsId}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Specializations{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SPECIALIZATIONS.map((name) => (
            <Checkbox key={name} label={name} value={name} {...register('specializations')} />
          ))}
        </div>
        <TextField
          className="mt-3"
          label="Other specializations"
          hint="Separate several with commas."
          error={errors.otherSpecializations?.message}
          {...register('otherSpecializations')}
        />
        {specializationError ? (
          <p id={`${specializationsId}-error`} className="mt-1 text-sm text-red-700">
            {specializationError}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" isLoading={isSubmitting} loadingText="Saving…">
        Save professional details
      </Button>
    </form>
  );
}

import { SPECIALIZATIONS, type ProfessionalFormInput } from '@firm/shared';
import { useId } from 'react';
import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import { Checkbox } from '../ui/checkbox';
import { TextField } from '../ui/text-field';

type ProfessionalFieldValues = Pick<
  ProfessionalFormInput,
  | 'licenseNumber'
  | 'experience'
  | 'education'
  | 'barAdmission'
  | 'specializations'
  | 'otherSpecializations'
>;

/**
 * An advocate's professional details (docs/product-rules.md#validation): license number, experience, education, bar
 * admission and specializations. One block for the registration form and the profile, so both ask
 * the same way; the form around it owns the values and the rules.
 */
export function ProfessionalFields<T extends FieldValues & ProfessionalFieldValues>({
  register: registerOf,
  errors: errorsOf,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const specializationsId = useId();
  // T holds these fields (the constraint above), so its register and errors serve them as is.
  const register = registerOf as unknown as UseFormRegister<ProfessionalFieldValues>;
  const errors = errorsOf as FieldErrors<ProfessionalFieldValues>;
  const specializationError =
    errors.specializations?.message ?? errors.specializations?.root?.message;

  return (
    <>
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
          placeholder="e.g. LLB, University of Nairobi"
          error={errors.education?.message}
          {...register('education')}
        />
        <TextField
          label="Bar admission"
          required
          placeholder="e.g. Admitted to the Roll of Advocates, 2015"
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
    </>
  );
}

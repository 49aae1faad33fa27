import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_LOCATION_LABELS,
  locationsOf,
  type AppointmentType,
} from '@firm/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { offices } from '../../../content/firm';
import type { TypeTerms } from '../api/appointment-fees';
import { optionalNumber, type BookingValues } from './booking-values';

interface FieldsProps {
  register: UseFormRegister<BookingValues>;
  errors: FieldErrors<BookingValues>;
  /** Where the meeting is, as chosen so far: the office or the link is asked only for its place. */
  location: string;
}

/**
 * What the appointment is about and where it takes place: title, type (each with its length and
 * fee), the places that type allows, the office for a meeting there, and a description.
 */
export function AppointmentFields({
  register,
  errors,
  location,
  type,
  types,
  typeOption,
}: FieldsProps & {
  type: AppointmentType;
  /** The types this booker may choose. */
  types: readonly AppointmentType[];
  /** A type as its option reads: its label and terms. */
  typeOption: (type: AppointmentType) => string;
}) {
  return (
    <>
      <TextField
        label="Title"
        required
        counted
        maxLength={APPOINTMENT_LIMITS.titleMax}
        placeholder="e.g. Land sale agreement"
        error={errors.title?.message}
        {...register('title')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Type" error={errors.type?.message} {...register('type')}>
          {types.map((each) => (
            <option key={each} value={each}>
              {typeOption(each)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Where" {...register('location')}>
          {locationsOf(type).map((each) => (
            <option key={each} value={each}>
              {APPOINTMENT_LOCATION_LABELS[each]}
            </option>
          ))}
        </SelectField>
      </div>
      {location === 'office' ? (
        <SelectField label="Office" {...register('officeId')}>
          {offices.map((office) => (
            <option key={office.id} value={office.id}>
              {office.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextAreaField
        label="Description"
        required
        placeholder="Tell us briefly what you need help with"
        error={errors.description?.message}
        maxLength={APPOINTMENT_LIMITS.descriptionMax}
        {...register('description')}
      />
    </>
  );
}

/**
 * Staff may set this appointment's length and fee (left empty: the type's, shown as the
 * placeholder) and, for a video meeting, its link.
 */
export function StaffTermsFields({
  register,
  errors,
  location,
  defaults,
}: FieldsProps & { defaults: TypeTerms }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        label="Duration (minutes)"
        type="number"
        inputMode="numeric"
        min={15}
        max={480}
        placeholder={String(defaults.durationMinutes)}
        error={errors.durationMinutes?.message}
        {...register('durationMinutes', { setValueAs: optionalNumber })}
      />
      <TextField
        label="Fee (KSh)"
        type="number"
        inputMode="numeric"
        min={0}
        placeholder={String(defaults.feeKsh)}
        error={errors.feeKsh?.message}
        {...register('feeKsh', { setValueAs: optionalNumber })}
      />
      {location === 'video' ? (
        <TextField
          label="Meeting link"
          type="url"
          placeholder="https://"
          error={errors.meetingLink?.message}
          {...register('meetingLink')}
        />
      ) : null}
    </div>
  );
}

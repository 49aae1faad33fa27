import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import { TextField } from '../ui/text-field';

interface OwnDetailsValues {
  firstName: string;
  lastName: string;
  email?: string;
  // The schemas normalise a phone before checking it, so its input type is open.
  phone?: unknown;
}

/**
 * A person's own details as they give them about themselves (an advocate registering, anyone's
 * profile): names and phone the browser can fill in, in pairs; the email where the form asks it.
 * Accounts that staff make for others ask through AccountFields instead, with autofill off.
 */
export function OwnDetailsFields<T extends FieldValues & Omit<OwnDetailsValues, 'email'>>({
  register: registerOf,
  errors: errorsOf,
  hasEmail = false,
  isPhoneRequired = false,
  phoneHint,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Registration asks the email; the profile changes it through its own confirmed form. */
  hasEmail?: boolean;
  isPhoneRequired?: boolean;
  phoneHint?: string;
}) {
  // T holds these fields (the constraint above; the email only where `hasEmail`), so its register
  // and errors serve them as is.
  const register = registerOf as unknown as UseFormRegister<OwnDetailsValues>;
  const errors = errorsOf as FieldErrors<OwnDetailsValues>;
  return (
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
      {hasEmail ? (
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
      ) : null}
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        required={isPhoneRequired}
        placeholder="0712 345 678"
        hint={phoneHint}
        error={errors.phone?.message}
        {...register('phone')}
      />
    </div>
  );
}

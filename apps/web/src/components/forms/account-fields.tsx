import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import { TextField } from '../ui/text-field';

interface AccountFieldValues {
  firstName: string;
  lastName: string;
  email: string;
  // The schemas normalise a phone before checking it, so its input type is open.
  phone?: unknown;
}

/**
 * The person's details of an account made by staff (user management's create-admin and
 * create-client rules): first and last name, email, and an optional phone. One block for Admin
 * Management's modals, Add Client and Convert to client, so each asks the same way.
 */
export function AccountFields<T extends FieldValues & AccountFieldValues>({
  register: registerOf,
  errors: errorsOf,
  isPhoneRequired = false,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Admin Management's Add Admin asks for a phone (docs/product-rules.md#validation); the others do not. */
  isPhoneRequired?: boolean;
}) {
  // T holds these fields (the constraint above), so its register and errors serve them as is.
  const register = registerOf as unknown as UseFormRegister<AccountFieldValues>;
  const errors = errorsOf as FieldErrors<AccountFieldValues>;
  return (
    <>
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
        label={isPhoneRequired ? 'Phone' : 'Phone (optional)'}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        required={isPhoneRequired}
        error={errors.phone?.message}
        {...register('phone')}
      />
    </>
  );
}

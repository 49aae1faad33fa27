import type { ReactNode } from 'react';
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
 * create-client rules, and a client's contact details on their page): first and last name, email,
 * and a phone. One block for Admin Management's modals, Add Client, Convert to client and the
 * client's page, so each asks the same way.
 */
export function AccountFields<T extends FieldValues & AccountFieldValues>({
  register: registerOf,
  errors: errorsOf,
  isPhoneRequired = false,
  emailHint,
  columns = 'names',
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Admin Management's Add Admin asks for a phone (docs/product-rules.md#validation); the others do not. */
  isPhoneRequired?: boolean;
  /** What happens to a changed email (the client's page: it is confirmed from the new address). */
  emailHint?: ReactNode;
  /** The names share a row in a dialog; a page's form has the width for all four in pairs. */
  columns?: 'names' | 'all';
}) {
  // T holds these fields (the constraint above), so its register and errors serve them as is.
  const register = registerOf as unknown as UseFormRegister<AccountFieldValues>;
  const errors = errorsOf as FieldErrors<AccountFieldValues>;
  const names = (
    <>
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
    </>
  );
  const contact = (
    <>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        required
        error={errors.email?.message}
        hint={emailHint}
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
  if (columns === 'all') {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        {names}
        {contact}
      </div>
    );
  }
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">{names}</div>
      {contact}
    </>
  );
}

import {
  AUTH_MESSAGES,
  advocateRegistrationFormSchema,
  toRegisterPayload,
  type PublicUser,
} from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { OwnDetailsFields } from '../../../components/forms/own-details-fields';
import { ProfessionalFields } from '../../../components/forms/professional-fields';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { isPendingRegistration, useRegister } from '../api/register';
import { AUTH_TOAST } from './toast-ids';
const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'licenseNumber',
  'experience',
  'education',
  'barAdmission',
  'password',
] as const;

/** The advocate's details (the registration rules, docs/product-rules.md#validation), sent with the verified super key. */
export function RegistrationForm({
  superKey,
  isKeyVerified,
  onKeyRejected,
  onPending,
}: {
  superKey: string;
  isKeyVerified: boolean;
  onKeyRejected: () => void;
  onPending: (pending: { message: string; user: PublicUser }) => void;
}) {
  const session = useSession();
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(advocateRegistrationFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      licenseNumber: '',
      experience: '',
      education: '',
      barAdmission: '',
      specializations: [],
      otherSpecializations: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const result = await registerMutation.mutateAsync(toRegisterPayload(values, superKey));
      if (isPendingRegistration(result)) {
        onPending(result);
        return;
      }
      session.start(result.token, result.user);
      toast.success(AUTH_MESSAGES.registrationSuccess, { id: AUTH_TOAST.register });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_SUPER_KEY') onKeyRejected();
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        setError('email', { type: 'server', message: error.message });
      }
      applyServerErrors(error, setError, FIELDS);
      if (error instanceof ApiError && error.errors?.specialization) {
        setError('specializations', { type: 'server', message: error.errors.specialization });
      }
      toast.error(errorText(error, AUTH_MESSAGES.registrationFailed), {
        id: AUTH_TOAST.register,
      });
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!isKeyVerified) {
      event.preventDefault();
      toast.error(AUTH_MESSAGES.superKeyNotVerified, { id: AUTH_TOAST.superKey });
      return;
    }
    void submit(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Advocate details" className="space-y-5">
      <OwnDetailsFields register={register} errors={errors} hasEmail isPhoneRequired />

      <ProfessionalFields register={register} errors={errors} />

      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={AUTH_MESSAGES.passwordRulesHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>

      <Checkbox
        label={
          <>
            I accept the{' '}
            <Link to="/terms" className="font-medium text-brand-700 underline">
              terms and conditions
            </Link>
          </>
        }
        error={errors.acceptTerms?.message}
        {...register('acceptTerms')}
      />

      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Advocate accounts need verification before activation. The first advocate of the firm is
        activated at once; every later registration is verified by an existing advocate.
      </p>

      <Button
        type="submit"
        fullWidth
        isLoading={isSubmitting}
        loadingText={AUTH_MESSAGES.creatingAccount}
      >
        Create advocate account
      </Button>
    </form>
  );
}

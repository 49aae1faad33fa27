import {
  SPECIALIZATIONS,
  advocateRegistrationFormSchema,
  toRegisterPayload,
  verifySuperKeyInputSchema,
  type PublicUser,
  AUTH_MESSAGES,
} from '@firm/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { isPendingRegistration, useRegister } from '../api/register';
import { useVerifySuperKey } from '../api/verify-super-key';
import { PASSWORD_RULES_HINT } from './reset-password-form';
import { applyServerErrors } from './server-errors';

/**
 * Advocate registration (DECISIONS "Registration form"): the server checks the super key first;
 * only then does the form appear. The first advocate is signed in at once; a later one sees that
 * an existing advocate must verify the account.
 */
export function AdvocateRegistration() {
  const [superKey, setSuperKey] = useState('');
  const [verifiedKey, setVerifiedKey] = useState<string | null>(null);
  const [hasVerifiedOnce, setHasVerifiedOnce] = useState(false);
  const [pending, setPending] = useState<{ message: string; user: PublicUser } | null>(null);
  const isKeyVerified = verifiedKey !== null && verifiedKey === superKey;

  if (pending) return <PendingVerification message={pending.message} user={pending.user} />;

  return (
    <div className="space-y-8">
      <SuperKeyStep
        superKey={superKey}
        onSuperKeyChange={setSuperKey}
        isVerified={isKeyVerified}
        onVerified={(key) => {
          setVerifiedKey(key);
          setHasVerifiedOnce(true);
        }}
      />
      {hasVerifiedOnce ? (
        <RegistrationForm
          superKey={superKey}
          isKeyVerified={isKeyVerified}
          onKeyRejected={() => setVerifiedKey(null)}
          onPending={setPending}
        />
      ) : null}
    </div>
  );
}

function SuperKeyStep({
  superKey,
  onSuperKeyChange,
  isVerified,
  onVerified,
}: {
  superKey: string;
  onSuperKeyChange: (key: string) => void;
  isVerified: boolean;
  onVerified: (key: string) => void;
}) {
  const verify = useVerifySuperKey();
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = verifySuperKeyInputSchema.safeParse({ superKey });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const result = await verify.mutateAsync(parsed.data);
      toast.success(result.message);
      onVerified(superKey);
    } catch (failure) {
      const message = errorText(failure, AUTH_MESSAGES.superKeyInvalid);
      setError(message);
      toast.error(message);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Verify the super key" className="space-y-3">
      <PasswordField
        label="Super key"
        autoComplete="off"
        required
        value={superKey}
        onChange={(event) => {
          onSuperKeyChange(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint="The registration key given to advocates of the firm."
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant={isVerified ? 'secondary' : 'primary'}
          isLoading={verify.isPending}
          loadingText="Verifying…"
        >
          Verify super key
        </Button>
        {isVerified ? (
          <p role="status" className="flex items-center gap-1 text-sm font-medium text-green-800">
            <CheckCircle2 aria-hidden="true" className="size-4" /> Super key verified
          </p>
        ) : null}
      </div>
    </form>
  );
}

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

function RegistrationForm({
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
  const specializationsId = useId();
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
      toast.success(AUTH_MESSAGES.registrationSuccess);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_SUPER_KEY') onKeyRejected();
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        setError('email', { type: 'server', message: error.message });
      }
      applyServerErrors(error, setError, FIELDS);
      if (error instanceof ApiError && error.errors?.specialization) {
        setError('specializations', { type: 'server', message: error.errors.specialization });
      }
      toast.error(errorText(error, AUTH_MESSAGES.registrationFailed));
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!isKeyVerified) {
      event.preventDefault();
      toast.error(AUTH_MESSAGES.superKeyNotVerified);
      return;
    }
    void submit(event);
  };

  const specializationError =
    errors.specializations?.message ?? errors.specializations?.root?.message;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Advocate details" className="space-y-5">
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
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          required
          placeholder="0712 345 678"
          error={errors.phone?.message}
          {...register('phone')}
        />
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

      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={PASSWORD_RULES_HINT}
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

      <Button type="submit" fullWidth isLoading={isSubmitting} loadingText="Creating account…">
        Create advocate account
      </Button>
    </form>
  );
}

function PendingVerification({ message, user }: { message: string; user: PublicUser }) {
  return (
    <div role="status" className="space-y-4">
      <h2 className="text-xl font-semibold text-brand-900">Awaiting verification</h2>
      <p className="text-slate-700">{message}</p>
      <p className="text-sm text-slate-700">
        Once verified, sign in with <strong>{user.email}</strong> and the password you chose.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link
          to="/"
          className="rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Go to Homepage
        </Link>
        <Link
          to="/login"
          className="rounded-md border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          Sign In
        </Link>
      </div>
    </div>
  );
}

import { AUTH_MESSAGES, verifySuperKeyInputSchema } from '@firm/shared';
import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorText } from '../../../lib/api-client';
import { useVerifySuperKey } from '../api/verify-super-key';
import { AUTH_TOAST } from './toast-ids';

/** The first step of advocate registration: the server checks the super key. */
export function SuperKeyStep({
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
      toast.success(result.message, { id: AUTH_TOAST.superKey });
      onVerified(superKey);
    } catch (failure) {
      const message = errorText(failure, AUTH_MESSAGES.superKeyInvalid);
      setError(message);
      toast.error(message, { id: AUTH_TOAST.superKey });
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

import type { PublicUser } from '@firm/shared';
import { useState } from 'react';
import { PendingVerification } from './pending-verification';
import { RegistrationForm } from './registration-form';
import { SuperKeyStep } from './super-key-step';

/**
 * Advocate registration (docs/product-rules.md#validation): the server checks the super key first;
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

import { USER_MANAGEMENT_MESSAGES } from '@firm/shared';
import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Button } from './button';
import { Modal } from './modal';
import { TextWithEmails } from './email-text';

/**
 * docs/product-rules.md#states: the temporary password, shown once, with Copy Password and Close. Nothing keeps
 * it after the dialog closes.
 */
export function TemporaryPasswordDialog({
  name,
  password,
  invitedEmail,
  onClose,
  children,
}: {
  name: string;
  password: string;
  /** A new admin or client: their welcome email went to this address too (ADR 024). */
  invitedEmail?: string;
  onClose: () => void;
  /** What may follow (a new client's next steps, ADR 027). */
  children?: ReactNode;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      toast.success(USER_MANAGEMENT_MESSAGES.passwordCopied);
    } catch {
      toast.error(USER_MANAGEMENT_MESSAGES.passwordCopyFailed);
    }
  };
  return (
    <Modal
      title="Temporary Password"
      onClose={onClose}
      description={`Give this temporary password to ${name}. It is shown only once, and they must change it when they first sign in.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={copy} data-autofocus>
            <Copy aria-hidden="true" className="size-4" />
            Copy Password
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">Temporary password</p>
      <output
        aria-label="Temporary password"
        className="mt-1 block rounded-md border border-slate-300 bg-slate-50 px-3 py-3 font-mono text-lg tracking-wider break-all text-slate-900 select-all"
      >
        {password}
      </output>
      {invitedEmail ? (
        <p className="mt-3 text-sm break-words text-slate-700">
          <TextWithEmails text={USER_MANAGEMENT_MESSAGES.invitationSentOnCreate(invitedEmail)} />
        </p>
      ) : null}
      {children}
    </Modal>
  );
}

import toast from 'react-hot-toast';
import { errorText } from './api-client';

/**
 * An action on someone's account (deactivate, delete, reset a password, send the invitation
 * again), from Admin Management or a client's page. What cannot be taken back in one click is
 * asked first (the confirmation texts of docs/texts.md): no answer, nothing happens. Then a toast
 * either way, the server's own words unless the screen has its own, and on failure its refusal or
 * `failedText`. Resolves to the server's answer, or null when nothing was done.
 */
export async function runAccountAction<Result extends { message: string }>({
  confirm,
  action,
  failedText,
  successText,
}: {
  /** The question asked first; left out where the action is harmless. */
  confirm?: string;
  action: () => Promise<Result>;
  failedText: string;
  /** Said in place of the server's message (the Admin Overview's own texts). */
  successText?: string;
}): Promise<Result | null> {
  if (confirm !== undefined && !window.confirm(confirm)) return null;
  try {
    const result = await action();
    toast.success(successText ?? result.message);
    return result;
  } catch (error) {
    toast.error(errorText(error, failedText));
    return null;
  }
}

/** Whether one of `mutations` is on its way for the account `id` (its row's buttons wait). */
export const isBusyWith = (
  id: string,
  ...mutations: readonly { isPending: boolean; variables: unknown }[]
) => mutations.some((mutation) => mutation.isPending && mutation.variables === id);

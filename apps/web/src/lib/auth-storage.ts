import { TOKEN_STORAGE_KEY } from '@firm/shared';

/**
 * The stored session token (docs/product-rules.md#records, "Session") and the one signal the API client sends the
 * session store. Kept apart from both so that a public page, whose header only needs to know
 * whether a token is stored, downloads neither the API client nor more than this.
 */
export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode on some phones)
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage disabled: the session lasts as long as the page
  }
}

export function removeStoredToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

/**
 * Told when the API refuses a request that carried a token: 401 (the session is gone) or 403 with
 * a code (e.g. PASSWORD_CHANGE_REQUIRED). The session store listens (lib/session.tsx).
 */
export type AuthProblemListener = (problem: { status: number; code: string | undefined }) => void;
let authProblemListener: AuthProblemListener | null = null;

export function onAuthProblem(listener: AuthProblemListener | null): void {
  authProblemListener = listener;
}

export function reportAuthProblem(problem: { status: number; code: string | undefined }): void {
  authProblemListener?.(problem);
}

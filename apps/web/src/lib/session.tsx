import { MESSAGES, TOKEN_STORAGE_KEY, twoFactorSetupState, type PublicUser } from '@firm/shared';
import {
  createContext,
  use,
  useDeferredValue,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { getStoredToken, onAuthProblem, removeStoredToken, storeToken } from './auth-storage';
import { notify } from './toasts';

/** The API client loads only when there is a session to check or end. */
const loadApi = () => import('./session-requests').then((m) => m.sessionApi);

/**
 * The session of docs/product-rules.md#states: loading while a stored token is checked with GET /auth/me, then
 * signed in (the user) or signed out. It lives outside React so the header, the guards and the
 * forms share one, and so the prerendered header can render the signed-out state on the server
 * and during hydration (the server snapshot), switching only afterwards.
 */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';
export interface SessionState {
  status: SessionStatus;
  user: PublicUser | null;
}

const SIGNED_OUT: SessionState = { status: 'signed-out', user: null };
const LOADING: SessionState = { status: 'loading', user: null };

let state: SessionState = getStoredToken() ? LOADING : SIGNED_OUT;
const listeners = new Set<() => void>();
let restoring = false;

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void restore();
  return () => listeners.delete(listener);
}

/** At start: a stored token is checked once; on any failure it is removed, silently. */
async function restore() {
  if (restoring || state.status !== 'loading') return;
  restoring = true;
  try {
    const api = await loadApi();
    const user = await api.signedInUser({});
    setState({ status: 'signed-in', user });
  } catch {
    removeStoredToken();
    setState(SIGNED_OUT);
  } finally {
    restoring = false;
  }
}

/**
 * Starts checking a stored token before React has rendered anything. A portal page cannot show
 * its screen before it knows who is signed in, and left to the provider's subscription the check
 * would wait for the app's whole first render on a slow phone: one more step in the chain
 * session → screen → data. The provider then finds it under way (`restoring`), or done.
 */
export function startSessionCheck() {
  void restore();
}

/** Store the token of a login or registration and the user it belongs to. */
function start(token: string, user: PublicUser) {
  storeToken(token);
  setState({ status: 'signed-in', user });
}

function updateUser(user: PublicUser) {
  if (state.user) setState({ status: 'signed-in', user });
}

/** Drops the session in this browser (the server already refused it). */
function drop() {
  removeStoredToken();
  if (state.status !== 'signed-out') setState(SIGNED_OUT);
}

/** Logout: the server revokes the session; the token and user go, whatever it answered. */
async function signOut() {
  try {
    const api = await loadApi();
    await api.signOut({});
  } catch {
    // already gone on the server: nothing more to do
  } finally {
    drop();
    void notify.success(MESSAGES.logoutSuccess);
  }
}

async function refresh() {
  try {
    const api = await loadApi();
    const user = await api.signedInUser({});
    setState({ status: 'signed-in', user });
  } catch {
    // a 401 has already dropped the session through onAuthProblem
  }
}

onAuthProblem(({ status, code }) => {
  if (status === 401) {
    if (state.status === 'signed-in')
      void notify.error(MESSAGES.sessionExpired, { id: 'session-expired' });
    drop();
  } else if (code === 'PASSWORD_CHANGE_REQUIRED' && state.user && !state.user.mustChangePassword) {
    void refresh();
  } else if (
    code === 'TWO_FACTOR_SETUP_REQUIRED' &&
    state.user &&
    twoFactorSetupState(state.user, new Date()) !== 'required'
  ) {
    // The grace ran out while open, or an advocate reset the second factor: the guard then shows
    // the setup.
    void refresh();
  }
});

export interface Session extends SessionState {
  start: typeof start;
  updateUser: typeof updateUser;
  signOut: typeof signOut;
  /** Reads the user again (GET /auth/me): after a change the server made, such as a gate lifted. */
  refresh: typeof refresh;
}

const SessionContext = createContext<Session | null>(null);

/** Server render and hydration see "signed out"; the stored session appears right after. */
const getServerSnapshot = () => SIGNED_OUT;
const getSnapshot = () => state;

export function SessionProvider({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  // The check's answer changes what the whole page draws (the header's controls, the guard's
  // screen, which then asks for its data). An external store's change is rendered at once and in
  // one piece: on a slowed phone that held the main thread for the whole page (ADR 032). So the
  // answer to the check is drawn in the background, yielding between pieces, while the page keeps
  // saying "checking" a moment longer. Every other change (a sign-in, a sign-out, an expired
  // session) applies at once.
  const deferred = useDeferredValue(current);
  const shown = deferred.status === 'loading' ? deferred : current;
  // Another tab signing in or out changes the stored token: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
      if (!getStoredToken()) drop();
      else if (state.status !== 'loading') {
        setState(LOADING);
        void restore();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const value = useMemo<Session>(
    () => ({ ...shown, start, updateUser, signOut, refresh }),
    [shown],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider>');
  return session;
}

/** Tests only: forget the module's state between tests. */
export function resetSessionForTests() {
  state = getStoredToken() ? LOADING : SIGNED_OUT;
  restoring = false;
}

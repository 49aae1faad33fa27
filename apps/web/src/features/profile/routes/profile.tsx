import { PROFILE_MESSAGES, PROFILE_SCREEN_FAILURES, can, type PublicUser } from '@firm/shared';
import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ListLoading, ListResults } from '../../../components/list/list-states';
import { buttonVariants } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import type { RouteHandle } from '../../../lib/seo';
import { calendarFeedQueryOptions } from '../api/calendar-feed';
import { emailPreferencesOptions } from '../api/notification-preferences';
import {
  ownDataRequestsOptions,
  sessionsQueryOptions,
  useConfirmEmailChange,
  useProfile,
} from '../api/profile';
import { passkeysQueryOptions } from '../api/passkeys';
import { signInDevicesQueryOptions } from '../api/sign-in-devices';
import { smsPreferencesOptions } from '../api/sms-preferences';
import { twoFactorQueryOptions } from '../api/two-factor';
import { readResetToken, removeResetTokenFromAddress } from '../../../lib/link-token';

/**
 * The sections draw the profile with forms (react-hook-form): they are not needed for the page's
 * first paint (the header and "Loading your profile…"), only once the profile has arrived. Asked
 * for as this screen's module loads, they come down beside the session check and the profile's
 * request, instead of ahead of the first paint on a phone's connection (ADR 032).
 */
const loadSections = () => import('../components/profile-sections');
void loadSections().catch(() => {
  // Offline: the sections are asked for again when they are drawn.
});
const ProfileSections = lazy(() => loadSections().then((m) => ({ default: m.ProfileSections })));

export const handle: RouteHandle = {
  seo: {
    title: 'Profile Settings | Mwamba & Associates Advocates',
    description: '',
    noindex: true,
  },
};

/**
 * /profile/confirm-email#token=…: the link emailed to a new address. The token is read from the
 * fragment (never sent to a server log), taken out of the address bar, and spent once.
 */
function ConfirmEmail() {
  const navigate = useNavigate();
  const confirm = useConfirmEmailChange();
  const [token] = useState(() => readResetToken(window.location));
  const started = useRef(false);

  useEffect(() => {
    removeResetTokenFromAddress(window.location, window.history);
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  const done = confirm.isSuccess;
  const failed = !token || confirm.isError;
  return (
    <div className="mx-auto max-w-xl px-4 pb-16 sm:px-6">
      <div role="status" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        {done ? (
          <p className="text-slate-800">
            {PROFILE_MESSAGES.emailChanged}: <strong>{confirm.data.user.email}</strong>
          </p>
        ) : failed ? (
          <p className="text-red-700">
            {errorText(confirm.error, PROFILE_MESSAGES.emailChangeLinkInvalid)}
          </p>
        ) : (
          <ListLoading label={PROFILE_MESSAGES.emailChangeConfirming} />
        )}
        {done || failed ? (
          <button
            type="button"
            className={`${buttonVariants({ variant: 'secondary' })} mt-4`}
            onClick={() => void navigate('/profile', { replace: true })}
          >
            Back to Profile Settings
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The panels below the profile read what does not depend on it. Left to them, each asked only
 * once its panel was drawn, one section per idle moment: a round trip each before the page was
 * whole. Asked here (each only if not in the cache yet, as TanStack Query's usePrefetchQuery
 * does), they arrive while the sections are drawn; the panels then find them.
 *
 * Once the profile is on the screen, not beside its request: the profile is asked for as the page
 * starts (app/first-requests.ts), and eight requests sent before its words were drawn held those
 * words back on a phone's six connections (ADR 032).
 */
function usePanelPrefetch(user: PublicUser | null, profileShown: boolean) {
  const queryClient = useQueryClient();
  const maySms = can(user, 'profile:sms');
  // Asked once the screen is on the page, each in a step of its own after the profile's own
  // request: starting a request costs the main thread a few milliseconds on a slowed phone (the
  // fetch, its retries' timers), and asked while the screen was drawn, or all together, five of
  // them made one long task that a tap had to wait behind (ADR 032).
  useEffect(() => {
    if (!profileShown) return;
    const prefetch = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) => {
      if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
    };
    const asks = [
      () => prefetch(emailPreferencesOptions()),
      ...(maySms ? [() => prefetch(smsPreferencesOptions())] : []),
      () => prefetch(twoFactorQueryOptions()),
      () => prefetch(passkeysQueryOptions()),
      () => prefetch(sessionsQueryOptions()),
      () => prefetch(signInDevicesQueryOptions()),
      () => prefetch(calendarFeedQueryOptions()),
      () => prefetch(ownDataRequestsOptions()),
    ];
    let timer = 0;
    const next = () => {
      asks.shift()?.();
      if (asks.length > 0) timer = window.setTimeout(next, 0);
    };
    timer = window.setTimeout(next, 0);
    return () => window.clearTimeout(timer);
  }, [queryClient, maySms, profileShown]);
}

function ProfileSettings() {
  const { user } = useSession();
  const query = useProfile();
  usePanelPrefetch(user, query.isSuccess);
  return (
    <ListResults
      query={query}
      loadingLabel={PROFILE_MESSAGES.profileLoading}
      failedText={PROFILE_SCREEN_FAILURES.profileLoadFailed}
    >
      {(profile) => (
        <Suspense fallback={<ListLoading label={PROFILE_MESSAGES.profileLoading} />}>
          <ProfileSections profile={profile} user={user} />
        </Suspense>
      )}
    </ListResults>
  );
}

/** /profile: every signed-in person's own account. */
export function Component() {
  const { pathname } = useLocation();
  const confirming = pathname.replace(/\/$/, '') === '/profile/confirm-email';
  return (
    <>
      <PageHeading title={confirming ? 'Confirm your new email address' : 'Profile Settings'} />
      {confirming ? <ConfirmEmail /> : <ProfileSettings />}
    </>
  );
}

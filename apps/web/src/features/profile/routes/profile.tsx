import {
  CALENDAR_FEED_TEXTS,
  NOTIFICATION_MESSAGES,
  PROFILE_MESSAGES,
  PROFILE_SCREEN_FAILURES,
  SMS_TEXTS,
  can,
  isAdvocateAccount,
  type Profile,
  type PublicUser,
} from '@firm/shared';
import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
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
import { smsPreferencesOptions } from '../api/sms-preferences';
import { EmailChangeForm } from '../components/email-change-form';
import { CalendarFeedPanel } from '../components/calendar-feed-panel';
import { EmailPreferencesPanel } from '../components/email-preferences-panel';
import { SmsPreferencesPanel } from '../components/sms-preferences-panel';
import { PersonalDetailsForm } from '../components/personal-details-form';
import { ProfessionalDetailsForm } from '../components/professional-details-form';
import { Section } from '../components/section';
import { SessionsPanel } from '../components/sessions-panel';
import { YourDataPanel } from '../components/your-data-panel';
import { readResetToken, removeResetTokenFromAddress } from '../../../lib/link-token';

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
          <ListLoading label="Confirming your new email address…" />
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
 * once the profile had arrived and its panel was drawn: a second round trip before the page was
 * whole. Asked here, beside the profile, they arrive with it (each only if not in the cache yet,
 * as TanStack Query's usePrefetchQuery does); the panels then find them.
 */
function usePanelPrefetch(user: PublicUser | null) {
  const queryClient = useQueryClient();
  const prefetch = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) => {
    if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
  };
  prefetch(emailPreferencesOptions());
  if (can(user, 'profile:sms')) prefetch(smsPreferencesOptions());
  prefetch(sessionsQueryOptions());
  prefetch(calendarFeedQueryOptions());
  prefetch(ownDataRequestsOptions());
}

function ProfileSettings() {
  const { user } = useSession();
  const query = useProfile();
  usePanelPrefetch(user);
  return (
    <ListResults
      query={query}
      loadingLabel="Loading your profile…"
      failedText={PROFILE_SCREEN_FAILURES.profileLoadFailed}
    >
      {(profile) => <ProfileSections profile={profile} user={user} />}
    </ListResults>
  );
}

function ProfileSections({ profile, user }: { profile: Profile; user: PublicUser | null }) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 pb-16 sm:px-6">
      <Section id="personal" title="Personal details">
        <PersonalDetailsForm key={profile.user.id} profile={profile} />
      </Section>
      <Section
        id="email"
        title="Email address"
        description="You sign in with it and the firm writes to it. A new address is used once you confirm it from the link we send there; your current address is told."
      >
        <EmailChangeForm profile={profile} />
      </Section>
      {!!user && isAdvocateAccount(user) ? (
        <Section id="professional" title="Professional details">
          <ProfessionalDetailsForm user={profile.user} />
        </Section>
      ) : null}
      <Section
        id="email-notifications"
        title={NOTIFICATION_MESSAGES.preferencesHeading}
        description={NOTIFICATION_MESSAGES.preferencesIntro}
      >
        <EmailPreferencesPanel role={profile.user.role} />
      </Section>
      {can(user, 'profile:sms') ? (
        <Section id="text-messages" title={SMS_TEXTS.heading}>
          <SmsPreferencesPanel />
        </Section>
      ) : null}
      <Section id="password" title="Password">
        <Link to="/change-password" className={buttonVariants({ variant: 'secondary' })}>
          <KeyRound aria-hidden="true" className="size-4" />
          Change password
        </Link>
      </Section>
      <Section
        id="devices"
        title="Signed-in devices"
        description="Where your account is signed in now. Sign out a device you do not recognise, then change your password."
      >
        <SessionsPanel />
      </Section>
      <Section
        id="calendar-feed"
        title={CALENDAR_FEED_TEXTS.heading}
        description={CALENDAR_FEED_TEXTS.intro}
      >
        <CalendarFeedPanel />
      </Section>
      <Section
        id="data"
        title="Your data"
        description="Your rights under the Data Protection Act 2019 (section 26)."
      >
        <YourDataPanel />
      </Section>
    </div>
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

import {
  CALENDAR_FEED_TEXTS,
  NOTIFICATION_MESSAGES,
  SIGN_IN_DEVICE_TEXTS,
  SMS_TEXTS,
  TWO_FACTOR_SCREEN_TEXTS,
  can,
  isAdvocateAccount,
  type Profile,
  type PublicUser,
} from '@firm/shared';
import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { useProgressiveCount } from '../../../lib/use-progressive-count';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { EmailChangeForm } from './email-change-form';
import { EmailPreferencesPanel } from './email-preferences-panel';
import { PersonalDetailsForm } from './personal-details-form';
import { ProfessionalDetailsForm } from './professional-details-form';
import { PasskeysPanel } from './passkeys-panel';
import { Section } from './section';
import { SessionsPanel } from './sessions-panel';
import { SignInDevicesPanel } from './sign-in-devices-panel';
import { SmsPreferencesPanel } from './sms-preferences-panel';
import { TwoFactorPanel } from './two-factor-panel';
import { YourDataPanel } from './your-data-panel';

interface SectionPart {
  id: string;
  title: string;
  description?: string;
  body: ReactNode;
}

/**
 * Profile Settings' sections, once the profile has arrived (routes/profile.tsx). Every section's
 * heading is there at once (a screen reader's list of headings, a link to one); their contents
 * are drawn one after another as the browser is idle, the first at once
 * (lib/use-progressive-count.ts): all ten together held a phone's main thread for the longest
 * task Profile ran.
 */
export function ProfileSections({ profile, user }: { profile: Profile; user: PublicUser | null }) {
  const parts: SectionPart[] = [
    {
      id: 'personal',
      title: 'Personal details',
      body: <PersonalDetailsForm key={profile.user.id} profile={profile} />,
    },
    {
      id: 'email',
      title: 'Email address',
      description:
        'You sign in with it and the firm writes to it. A new address is used once you confirm it from the link we send there; your current address is told.',
      body: <EmailChangeForm profile={profile} />,
    },
    ...(!!user && isAdvocateAccount(user)
      ? [
          {
            id: 'professional',
            title: 'Professional details',
            body: <ProfessionalDetailsForm user={profile.user} />,
          },
        ]
      : []),
    {
      id: 'email-notifications',
      title: NOTIFICATION_MESSAGES.preferencesHeading,
      description: NOTIFICATION_MESSAGES.preferencesIntro,
      body: <EmailPreferencesPanel role={profile.user.role} />,
    },
    ...(can(user, 'profile:sms')
      ? [{ id: 'text-messages', title: SMS_TEXTS.heading, body: <SmsPreferencesPanel /> }]
      : []),
    {
      id: 'password',
      title: 'Password',
      body: (
        <Link to="/change-password" className={buttonVariants({ variant: 'secondary' })}>
          <KeyRound aria-hidden="true" className="size-4" />
          Change password
        </Link>
      ),
    },
    {
      id: 'two-factor',
      title: TWO_FACTOR_SCREEN_TEXTS.sectionTitle,
      description: TWO_FACTOR_SCREEN_TEXTS.sectionIntro,
      body: (
        <>
          <TwoFactorPanel />
          <PasskeysPanel />
        </>
      ),
    },
    {
      id: 'devices',
      title: 'Signed-in devices',
      description:
        'Where your account is signed in now. Sign out a device you do not recognise, then change your password.',
      body: <SessionsPanel />,
    },
    {
      id: 'sign-in-devices',
      title: SIGN_IN_DEVICE_TEXTS.sectionTitle,
      description: SIGN_IN_DEVICE_TEXTS.sectionIntro,
      body: <SignInDevicesPanel />,
    },
    {
      id: 'calendar-feed',
      title: CALENDAR_FEED_TEXTS.heading,
      description: CALENDAR_FEED_TEXTS.intro,
      body: <CalendarFeedPanel />,
    },
    {
      id: 'data',
      title: 'Your data',
      description: 'Your rights under the Data Protection Act 2019 (section 26).',
      body: <YourDataPanel />,
    },
  ];
  const drawn = useProgressiveCount(parts.length, 1);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 pb-16 sm:px-6">
      {parts.map(({ id, title, description, body }, index) => (
        <Section key={id} id={id} title={title} description={description}>
          {index < drawn ? body : null}
        </Section>
      ))}
    </div>
  );
}

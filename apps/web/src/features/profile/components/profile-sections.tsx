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
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
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

/** Profile Settings' sections, once the profile has arrived (routes/profile.tsx). */
export function ProfileSections({ profile, user }: { profile: Profile; user: PublicUser | null }) {
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
        id="two-factor"
        title={TWO_FACTOR_SCREEN_TEXTS.sectionTitle}
        description={TWO_FACTOR_SCREEN_TEXTS.sectionIntro}
      >
        <TwoFactorPanel />
        <PasskeysPanel />
      </Section>
      <Section
        id="devices"
        title="Signed-in devices"
        description="Where your account is signed in now. Sign out a device you do not recognise, then change your password."
      >
        <SessionsPanel />
      </Section>
      <Section
        id="sign-in-devices"
        title={SIGN_IN_DEVICE_TEXTS.sectionTitle}
        description={SIGN_IN_DEVICE_TEXTS.sectionIntro}
      >
        <SignInDevicesPanel />
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

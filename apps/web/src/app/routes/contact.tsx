import { BOOK_CONSULTATION_PATH } from '@firm/shared';
import { AlertTriangle, Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { chatLink } from '../../features/public-site/components/chat-widget';
import { ContactForm } from '../../features/public-site/components/contact-form';
import { OfficeMap } from '../../features/public-site/components/office-map';
import { PageIntro } from '../../features/public-site/components/ui';
import {
  firm,
  hoursSummary,
  legalServiceStructuredData,
  mainOffice,
  telHref,
} from '../../content/firm';
import type { RouteHandle } from '../../lib/seo';
import { buttonVariants } from '../../components/ui/button';

export const handle: RouteHandle = {
  seo: {
    title: 'Contact Us | Mwamba & Associates Advocates',
    description:
      'Call, message or visit us, or send a message through our contact form. We reply within 24 hours.',
    structuredData: legalServiceStructuredData(),
  },
};

const MAIN_OFFICE_ONLY = [mainOffice];

const cards = [
  {
    title: 'Phone',
    icon: Phone,
    body: (
      <a href={telHref(firm.phone)} className="text-brand-700 underline">
        {firm.phone}
      </a>
    ),
  },
  {
    title: 'WhatsApp Chat',
    icon: MessageCircle,
    body: (
      <a
        href={chatLink(firm.whatsapp, firm.chatGreeting)}
        target="_blank"
        rel="noopener noreferrer"
        className="text-brand-700 underline"
      >
        {firm.whatsapp}
      </a>
    ),
  },
  {
    title: 'Email',
    icon: Mail,
    body: (
      <a href={`mailto:${firm.email}`} className="break-all text-brand-700 underline">
        {firm.email}
      </a>
    ),
  },
  {
    title: 'Main Office',
    icon: MapPin,
    body: (
      <span>
        {mainOffice.address}, {mainOffice.city} {mainOffice.postalCode}
      </span>
    ),
  },
  { title: 'Office Hours', icon: Clock, body: <span>{hoursSummary}</span> },
];

export function Component() {
  return (
    <>
      <PageIntro title="Contact Us">
        <p>Call, chat, email or visit. We reply to every message within 24 hours.</p>
      </PageIntro>
      <section aria-label="Ways to reach us" className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {cards.map(({ title, icon: Icon, body }) => (
            <li key={title} className="rounded-lg border border-slate-200 p-4 shadow-sm">
              <h2 className="flex items-center gap-2 font-semibold text-brand-900">
                <Icon aria-hidden="true" className="size-5 text-brand-700" /> {title}
              </h2>
              <p className="mt-2 text-sm text-slate-700">{body}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ContactForm />
        <div className="space-y-6">
          <section
            aria-labelledby="emergency-title"
            className="rounded-lg border border-red-300 bg-red-50 p-5"
          >
            <h2
              id="emergency-title"
              className="flex items-center gap-2 text-xl font-bold text-red-900"
            >
              <AlertTriangle aria-hidden="true" className="size-5" /> Emergency Hotline
            </h2>
            <p className="mt-2 text-slate-800">
              Arrested, or facing an urgent court order? Our emergency line is answered 24 hours a
              day, every day.
            </p>
            <a
              href={telHref(firm.emergencyPhone)}
              className="mt-4 inline-flex items-center gap-2 rounded-md bg-red-800 px-5 py-2.5 font-semibold text-white hover:bg-red-900"
            >
              <Phone aria-hidden="true" className="size-4" /> {firm.emergencyPhone}
            </a>
          </section>
          <section aria-labelledby="book-title" className="rounded-lg bg-brand-50 p-5">
            <h2 id="book-title" className="text-xl font-bold text-brand-900">
              Prefer a meeting?
            </h2>
            <p className="mt-2 text-slate-700">Choose a date and time that suits you.</p>
            <Link
              to={BOOK_CONSULTATION_PATH}
              className={buttonVariants({ size: 'lg', className: 'mt-4' })}
            >
              Book Appointment
            </Link>
          </section>
          <section aria-labelledby="map-title">
            <h2 id="map-title" className="text-xl font-bold text-brand-900">
              Find our main office
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {mainOffice.address}, {mainOffice.city}. {mainOffice.landmarks}
            </p>
            <OfficeMap
              offices={MAIN_OFFICE_ONLY}
              className="mt-3 h-72"
              label="Map of our main office"
            />
          </section>
        </div>
      </div>
    </>
  );
}

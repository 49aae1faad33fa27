import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { telHref, type Office } from '../../../content/firm';

/** An office's address, phone, email and hours; the page adds its own buttons. */
export function OfficeCard({
  office,
  headingLevel = 3,
  children,
}: {
  office: Office;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <Heading className="text-lg font-semibold text-brand-900">{office.name}</Heading>
      <ul className="mt-3 space-y-2 text-sm text-slate-700">
        <li className="flex gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            {office.address}, {office.city} {office.postalCode}
          </span>
        </li>
        <li className="flex gap-2">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <a href={telHref(office.phone)} className="text-brand-700 underline">
            {office.phone}
          </a>
        </li>
        <li className="flex gap-2">
          <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <a href={`mailto:${office.email}`} className="break-all text-brand-700 underline">
            {office.email}
          </a>
        </li>
        <li className="flex gap-2">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            Mon-Fri {office.hours.weekdays}, Sat {office.hours.saturday}, Sun {office.hours.sunday}
          </span>
        </li>
      </ul>
      {children ? <div className="mt-auto pt-4">{children}</div> : null}
    </article>
  );
}

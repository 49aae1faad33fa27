import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { OfficeCard } from '../../features/public-site/components/office-card';
import { OfficeMap } from '../../features/public-site/components/office-map';
import { PageIntro, Section } from '../../features/public-site/components/ui';
import { counties, offices, telHref } from '../../content/firm';
import type { RouteHandle } from '../../lib/seo';
import { buttonVariants } from '../../components/ui/button';

export const handle: RouteHandle = {
  seo: {
    title: 'Areas We Serve | Mwamba & Associates Advocates',
    description:
      'We serve clients in Nairobi, Kiambu, Machakos and Kajiado counties from three offices.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="Areas We Serve">
        <p>
          Four counties, three offices. Wherever you are in Nairobi, Kiambu, Machakos or Kajiado, an
          advocate who knows your local court and land registry is close by.
        </p>
      </PageIntro>
      <Section title="Counties" id="counties-title">
        <ul className="grid gap-6 md:grid-cols-2">
          {counties.map((county) => {
            const office = offices.find((candidate) => candidate.id === county.officeId)!;
            return (
              <li key={county.name} className="rounded-lg border border-slate-200 p-5 shadow-sm">
                <h3 className="text-xl font-semibold text-brand-900">{county.name} County</h3>
                <p className="mt-2 text-slate-700">{county.summary}</p>
                <h4 className="mt-4 text-sm font-semibold text-slate-900">Areas covered</h4>
                <p className="mt-1 text-sm text-slate-700">{county.areas.join(', ')}</p>
                <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
                  <li className="flex gap-2">
                    <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                    <span>Office: {office.name}</span>
                  </li>
                  <li className="flex gap-2">
                    <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                    <a href={telHref(office.phone)} className="text-brand-700 underline">
                      {office.phone}
                    </a>
                  </li>
                  <li className="flex gap-2">
                    <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                    <a
                      href={`mailto:${office.email}`}
                      className="break-all text-brand-700 underline"
                    >
                      {office.email}
                    </a>
                  </li>
                </ul>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section title="Our Offices" id="offices-title">
        <ul className="grid gap-6 md:grid-cols-3">
          {offices.map((office) => (
            <li key={office.id}>
              <OfficeCard office={office} />
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <OfficeMap offices={offices} />
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/locations" className={buttonVariants({ size: 'lg' })}>
            View all locations
          </Link>
          <Link to="/contact" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
            Contact Us
          </Link>
        </div>
      </Section>
    </>
  );
}

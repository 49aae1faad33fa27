import { BOOK_CONSULTATION_PATH } from '@firm/shared';
import { Phone, Video } from 'lucide-react';
import { Link } from 'react-router';
import { LocationsView } from '../../features/public-site/components/locations-view';
import { PageIntro } from '../../features/public-site/components/ui';
import { firm, legalServiceStructuredData, mainOffice, telHref } from '../../content/firm';
import type { RouteHandle } from '../../lib/seo';
import { buttonVariants } from '../../components/ui/button';

export const handle: RouteHandle = {
  seo: {
    title: 'Our Offices | Mwamba & Associates Advocates',
    description:
      'Addresses, opening hours, parking and directions for our three offices in the Nairobi area.',
    structuredData: legalServiceStructuredData(),
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="Our Locations">
        <p>
          Three offices in Upper Hill (Nairobi), Thika and Kitengela. Choose an office for its
          address, parking, public transport and directions.
        </p>
      </PageIntro>
      <LocationsView />
      <section aria-labelledby="virtual-title" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="rounded-lg bg-brand-50 p-6">
          <h2 id="virtual-title" className="text-2xl font-bold text-brand-900">
            Can’t come to an office?
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">
            Meet your advocate by video call from anywhere in Kenya or abroad, or call our main
            office and we will help you on the phone.
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Link to={BOOK_CONSULTATION_PATH} className={buttonVariants({ size: 'lg' })}>
              <Video aria-hidden="true" className="size-4" /> Book a Virtual Meeting
            </Link>
            <a
              href={telHref(mainOffice.phone)}
              className={buttonVariants({ variant: 'secondary', size: 'lg' })}
            >
              <Phone aria-hidden="true" className="size-4" /> Call {firm.phone}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

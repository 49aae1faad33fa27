import { BOOK_CONSULTATION_PATH } from '@firm/shared';
import { Car, Landmark, Navigation, Phone, Train } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { directionsUrl, mapSearchUrl, offices, telHref, type Office } from '../../../content/firm';
import { OfficeCard } from './office-card';
import { OfficeMap } from './office-map';
import { buttonVariants } from '../../../components/ui/button';

/** docs/product-rules.md#limits: up to 3 services, then '+N more'. */
export const MAX_LISTED_SERVICES = 3;

function Services({ services }: { services: string[] }) {
  const shown = services.slice(0, MAX_LISTED_SERVICES);
  const more = services.length - shown.length;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Services">
      {shown.map((service) => (
        <li key={service} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
          {service}
        </li>
      ))}
      {more > 0 ? (
        <li className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">+{more} more</li>
      ) : null}
    </ul>
  );
}

function OfficeDetail({ office }: { office: Office }) {
  return (
    <section
      aria-labelledby="office-detail-title"
      className="rounded-lg border border-brand-600 bg-white p-5 shadow"
    >
      <h2 id="office-detail-title" className="text-xl font-bold text-brand-900">
        {office.name}
      </h2>
      <p className="mt-1 text-slate-700">
        {office.address}, {office.street}, {office.city} {office.postalCode}
      </p>
      <dl className="mt-4 grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">Hours</dt>
          <dd>
            Mon-Fri {office.hours.weekdays}
            <br />
            Sat {office.hours.saturday}
            <br />
            Sun {office.hours.sunday}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Contact</dt>
          <dd>
            {office.phone}
            <br />
            <span className="break-all">{office.email}</span>
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 font-semibold text-slate-900">
            <Car aria-hidden="true" className="size-4" /> Parking
          </dt>
          <dd>{office.parking}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 font-semibold text-slate-900">
            <Train aria-hidden="true" className="size-4" /> Public transport
          </dt>
          <dd>{office.publicTransport}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="flex items-center gap-1 font-semibold text-slate-900">
            <Landmark aria-hidden="true" className="size-4" /> Landmarks
          </dt>
          <dd>{office.landmarks}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold text-slate-900">Services</dt>
          <dd>{office.services.join(', ')}</dd>
        </div>
      </dl>
      <div className="mt-5 flex flex-wrap gap-3">
        <a
          href={directionsUrl(office)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ size: 'lg' })}
        >
          <Navigation aria-hidden="true" className="size-4" /> Directions
        </a>
        <a
          href={telHref(office.phone)}
          className={buttonVariants({ variant: 'secondary', size: 'lg' })}
        >
          <Phone aria-hidden="true" className="size-4" /> Call
        </a>
        <a
          href={mapSearchUrl(office)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: 'secondary', size: 'lg' })}
        >
          View in OpenStreetMap
        </a>
      </div>
    </section>
  );
}

/** The locations page body: Map View (cards, map, detail panel) or List View (docs/product-rules.md#screens). */
export function LocationsView() {
  const [view, setView] = useState<'map' | 'list'>('map');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = offices.find((office) => office.id === selectedId) ?? null;

  const toggleClass = (isActive: boolean) =>
    `rounded-md px-4 py-2 text-sm font-semibold ${isActive ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div
        role="group"
        aria-label="View"
        className="inline-flex gap-1 rounded-lg border border-slate-300 p-1"
      >
        <button
          type="button"
          aria-pressed={view === 'map'}
          onClick={() => setView('map')}
          className={toggleClass(view === 'map')}
        >
          Map View
        </button>
        <button
          type="button"
          aria-pressed={view === 'list'}
          onClick={() => setView('list')}
          className={toggleClass(view === 'list')}
        >
          List View
        </button>
      </div>

      {view === 'map' ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul className="space-y-3" aria-label="Offices">
            {offices.map((office) => (
              <li key={office.id}>
                <button
                  type="button"
                  aria-pressed={office.id === selectedId}
                  onClick={() => setSelectedId(office.id)}
                  className={`w-full rounded-lg border p-4 text-left hover:border-brand-600 ${office.id === selectedId ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
                >
                  <span className="block font-semibold text-brand-900">{office.name}</span>
                  <span className="mt-1 block text-sm text-slate-700">
                    {office.address}, {office.city}
                  </span>
                  <span className="mt-1 block text-sm text-slate-700">{office.phone}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="space-y-6">
            {selected ? <OfficeDetail office={selected} /> : null}
            <OfficeMap
              offices={offices}
              selectedId={selectedId}
              onSelect={setSelectedId}
              className="h-96"
            />
          </div>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Offices">
          {offices.map((office) => (
            <li key={office.id}>
              <OfficeCard office={office} headingLevel={2}>
                <Services services={office.services} />
                <div className="mt-4 flex flex-wrap gap-3">
                  <Link to={BOOK_CONSULTATION_PATH} className={buttonVariants({ size: 'lg' })}>
                    Book Appointment
                  </Link>
                  <a
                    href={telHref(office.phone)}
                    className={buttonVariants({ variant: 'secondary', size: 'lg' })}
                  >
                    <Phone aria-hidden="true" className="size-4" /> Call Now
                  </a>
                </div>
              </OfficeCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { Link } from 'react-router';
import { firm, mainOffice, telHref } from '../../content/firm';
import { VISITOR_NAV } from '../../content/navigation';
import { practiceAreas } from '../../content/practice-areas';
import { FirmContactLinks, PolicyLinks } from './footer-contact';

/** docs/product-rules.md#screens: quick links, practice areas, contact info, hours and policy links. */
export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-semibold text-white">{firm.name}</p>
          <p className="mt-2 text-sm">{firm.tagline}</p>
          <h2 className="mt-4 font-semibold text-white">Contact</h2>
          <p className="mt-2 text-sm">
            {mainOffice.address}, {mainOffice.city} {mainOffice.postalCode}
            <br />
            <FirmContactLinks linkClassName="underline hover:text-white" between={<br />} />
          </p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {VISITOR_NAV.map((item) => (
              <li key={item.to}>
                <Link className="hover:text-white hover:underline" to={item.to}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Practice areas">
          <h2 className="font-semibold text-white">Practice Areas</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {practiceAreas.map((area) => (
              <li key={area.id}>
                <Link
                  className="hover:text-white hover:underline"
                  to={area.detailSlug ? `/practice-areas/${area.detailSlug}` : '/practice-areas'}
                >
                  {area.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Office Hours</h2>
          <dl className="mt-3 space-y-1 text-sm">
            {firm.hoursText.map((row) => (
              <div key={row.days} className="flex gap-2">
                <dt className="w-16">{row.days}</dt>
                <dd>
                  {row.hours}
                  {'note' in row ? (
                    <span className="block text-xs text-slate-300">({row.note})</span>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm">
            Emergency line, 24 hours:{' '}
            <a className="underline hover:text-white" href={telHref(firm.emergencyPhone)}>
              {firm.emergencyPhone}
            </a>
          </p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 pb-24 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          {/* The year is rendered at build time; a new year must not count as a hydration error. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {firm.name}
          </p>
          <PolicyLinks
            linkClassName="hover:text-white hover:underline"
            listClassName="flex flex-wrap gap-4"
          />
        </div>
      </div>
    </footer>
  );
}

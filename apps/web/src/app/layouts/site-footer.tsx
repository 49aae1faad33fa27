import { Link } from 'react-router';
import { firm } from '../../content/firm';
import { FOOTER_POLICY_LINKS, VISITOR_NAV } from '../../content/navigation';

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        <div>
          <p className="text-lg font-semibold text-white">{firm.name}</p>
          <p className="mt-2 text-sm">{firm.tagline}</p>
          <p className="mt-4 text-sm">
            <a className="hover:text-white" href={`tel:${firm.phone.replace(/\s/g, '')}`}>
              {firm.phone}
            </a>
            <br />
            <a className="hover:text-white" href={`mailto:${firm.email}`}>
              {firm.email}
            </a>
          </p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {VISITOR_NAV.map((item) => (
              <li key={item.to}>
                <Link className="hover:text-white" to={item.to}>
                  {item.label}
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
                <dd>{row.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          {/* The year is rendered at build time; a new year must not count as a hydration error. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {firm.name}
          </p>
          <ul className="flex flex-wrap gap-4">
            {FOOTER_POLICY_LINKS.map((item) => (
              <li key={item.to}>
                <Link className="hover:text-white" to={item.to}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

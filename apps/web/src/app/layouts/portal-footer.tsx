import { Link } from 'react-router';
import { EmailText } from '../../components/ui/email-text';
import { firm, hoursSummary, telHref } from '../../content/firm';
import { FOOTER_POLICY_LINKS } from '../../content/navigation';

/**
 * A client's footer inside the portal: how to reach the firm (phone, email, hours) and the policies,
 * without the public site's quick links and practice areas. Staff get none (ADR 010).
 */
export function PortalFooter() {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-slate-50 text-sm text-slate-700">
      {/* Room at the bottom for the chat bubble, so it never covers a link here. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-6 pb-24 sm:px-6 lg:flex-row lg:items-start lg:justify-between lg:pb-6 lg:pr-24">
        <div className="space-y-1">
          <p className="font-semibold text-slate-900">{firm.name}</p>
          <p>
            <a className="underline hover:text-brand-800" href={telHref(firm.phone)}>
              {firm.phone}
            </a>
            {' · '}
            <a className="underline hover:text-brand-800" href={`mailto:${firm.email}`}>
              <EmailText email={firm.email} />
            </a>
          </p>
          <p>Office hours: {hoursSummary}</p>
        </div>
        <nav aria-label="Policies">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {FOOTER_POLICY_LINKS.map((item) => (
              <li key={item.to}>
                <Link className="underline hover:text-brand-800" to={item.to}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

import { firm, hoursSummary } from '../../content/firm';
import { FirmContactLinks, PolicyLinks } from './footer-contact';

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
            <FirmContactLinks linkClassName="underline hover:text-brand-800" between=" · " />
          </p>
          <p>Office hours: {hoursSummary}</p>
        </div>
        <PolicyLinks
          linkClassName="underline hover:text-brand-800"
          listClassName="flex flex-wrap gap-x-4 gap-y-2"
        />
      </div>
    </footer>
  );
}

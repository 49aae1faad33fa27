import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmailText } from '../../components/ui/email-text';
import { firm, telHref } from '../../content/firm';
import { FOOTER_POLICY_LINKS } from '../../content/navigation';

/**
 * How to reach the firm, as both footers give it (the public site's and a client's in the portal):
 * the hotline and the email address, each a link, `between` them. Each footer keeps its own colours.
 */
export function FirmContactLinks({
  linkClassName,
  between,
}: {
  linkClassName: string;
  between: ReactNode;
}) {
  return (
    <>
      <a className={linkClassName} href={telHref(firm.phone)}>
        {firm.phone}
      </a>
      {between}
      <a className={linkClassName} href={`mailto:${firm.email}`}>
        <EmailText email={firm.email} />
      </a>
    </>
  );
}

/** The policies (privacy, terms, cookies), at the foot of every page that has a footer. */
export function PolicyLinks({
  linkClassName,
  listClassName,
}: {
  linkClassName: string;
  listClassName: string;
}) {
  return (
    <nav aria-label="Policies">
      <ul className={listClassName}>
        {FOOTER_POLICY_LINKS.map((item) => (
          <li key={item.to}>
            <Link className={linkClassName} to={item.to}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

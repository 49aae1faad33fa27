import { Fragment, type ReactNode } from 'react';

/** A part longer than this may break inside, as a last resort; shorter ones never do. */
const LONGEST_UNBROKEN = 24;

/** An address's parts, each ending after its "@" or ".": where the line may break. */
export function emailParts(email: string): string[] {
  return email.match(/[^@.]*(?:[@.]|$)/g)?.filter((part) => part !== '') ?? [email];
}

/**
 * An email address that wraps only after its "@" and its dots, never inside a name or at a hyphen
 * ("wanjiku.kamau-otieno@" stays whole), so a long address in a narrow column reads as written. A
 * part too long for any column (over 24 characters) may still break inside, rather than push the
 * page sideways. Copying it copies the address unchanged.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = emailParts(email);
  return (
    <span className={`[overflow-wrap:anywhere] ${className ?? ''}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part.length <= LONGEST_UNBROKEN ? (
            <span className="whitespace-nowrap">{part}</span>
          ) : (
            part
          )}
        </Fragment>
      ))}
    </span>
  );
}

const EMAIL_IN_TEXT = /[^\s@()<>,;:"]+@[^\s@()<>,;:"]+\.[A-Za-z]{2,}/g;

/** Text that may hold email addresses (an audit sentence): each address wraps as `EmailText`. */
export function TextWithEmails({ text }: { text: string }) {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMAIL_IN_TEXT)) {
    const at = match.index;
    if (at > last) nodes.push(text.slice(last, at));
    nodes.push(<EmailText key={at} email={match[0]} />);
    last = at + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return <>{nodes}</>;
}

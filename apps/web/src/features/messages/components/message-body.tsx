import { Fragment } from 'react';

/** http(s) addresses and www. ones; trailing punctuation stays text. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** Splits plain text into text and links. Exported for tests. */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const href = url.toLowerCase().startsWith('www.') ? `https://${url}` : url;
    parts.push({ text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A message body as typed: text nodes and anchors only (React escapes the text; never HTML), so
 * whatever a message contains can only ever be shown, not run. Only http(s) links become anchors.
 */
export function MessageBody({ body }: { body: string }) {
  return (
    // `anywhere`, not `break-word`: only it lets a 120-character link shrink the bubble around it
    // (min-content), so the bubble wraps it instead of widening past a phone's edge.
    <p className="whitespace-pre-wrap wrap-anywhere">
      {linkParts(body).map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}

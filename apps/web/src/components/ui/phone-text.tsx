import { formatKenyanPhone } from '@firm/shared';

/**
 * A stored phone number as staff read it aloud and call it: "+254 712 982 369", one unbroken
 * line, a `tel:` link (a tap on a phone dials it). Any other value shows as stored.
 */
export function PhoneText({ phone, className }: { phone: string; className?: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      className={`whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-900 ${className ?? ''}`}
    >
      {formatKenyanPhone(phone)}
    </a>
  );
}

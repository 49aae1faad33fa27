import { CLIENT_NEXT_STEPS, can, type Actor } from '@firm/shared';
import { CalendarPlus, FolderPlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../ui/button';

/** `path` with the client chosen: the New Case form and the booking form read these (ADR 027). */
export function withClient(path: string, client: { id: string; name: string }): string {
  const [base, query] = path.split('?');
  const params = new URLSearchParams(query);
  params.set('client', client.id);
  params.set('clientName', client.name);
  return `${base}?${params.toString()}`;
}

/**
 * After a client is created (Add Client, Convert to client): open their case or book their first
 * meeting, each form opening with the client already chosen. Only what the person may do.
 */
export function ClientNextSteps({
  actor,
  client,
}: {
  actor: Actor;
  client: { id: string; name: string };
}) {
  // New Case opens on /cases, which only those who may open case files reach.
  const mayOpenCase = can(actor, 'cases:create') && can(actor, 'cases:view');
  const mayBook = can(actor, 'appointments:schedule');
  if (!mayOpenCase && !mayBook) return null;
  return (
    <nav aria-labelledby="client-next-steps" className="mt-4 border-t border-slate-200 pt-4">
      <h3 id="client-next-steps" className="text-sm font-semibold text-slate-900">
        {CLIENT_NEXT_STEPS.heading}
      </h3>
      <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {mayOpenCase ? (
          <li>
            <Link
              to={withClient('/cases?new=1', client)}
              className={`${buttonVariants({ size: 'sm' })} max-w-full whitespace-normal text-left break-words`}
            >
              <FolderPlus aria-hidden="true" className="size-4 shrink-0" />
              {CLIENT_NEXT_STEPS.openCase(client.name)}
            </Link>
          </li>
        ) : null}
        {mayBook ? (
          <li>
            <Link
              to={withClient('/appointments?book=consultation', client)}
              className={`${buttonVariants({ size: 'sm', variant: 'secondary' })} max-w-full whitespace-normal text-left break-words`}
            >
              <CalendarPlus aria-hidden="true" className="size-4 shrink-0" />
              {CLIENT_NEXT_STEPS.bookMeeting(client.name)}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

import { DASHBOARD_MESSAGES } from '@firm/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A figure and what it counts; with `to`, the whole tile links to the filtered list it counts.
 * The link's name is the label and the figure ("Active cases: 3").
 */
export function StatTile({
  label,
  value,
  to,
  icon,
  hint,
}: {
  label: string;
  value: ReactNode;
  to?: string | undefined;
  icon?: ReactNode;
  hint?: string | undefined;
}) {
  const body = (
    <>
      {icon ? (
        <span aria-hidden="true" className="rounded-md bg-brand-50 p-2 text-brand-700">
          {icon}
        </span>
      ) : null}
      <span className="min-w-0">
        <span className="block text-sm text-slate-600">{label}</span>
        <span className="block text-2xl font-bold text-brand-900">{value}</span>
        {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
      </span>
    </>
  );
  const className =
    'flex h-full items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm';
  return to ? (
    <Link to={to} className={`${className} hover:border-brand-600 hover:shadow`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

export function TileGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4"
    >
      {children}
    </ul>
  );
}

export function Panel({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

/** The shape of the dashboard while it loads: grey tiles and panels (announced once). */
export function DashboardSkeleton() {
  return (
    <div role="status" aria-label={DASHBOARD_MESSAGES.loadingSkeleton} className="space-y-6">
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((each) => (
          <div key={each} className="h-20 animate-pulse rounded-lg bg-slate-200" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="h-48 animate-pulse rounded-lg bg-slate-200" />
        <div className="h-48 animate-pulse rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}

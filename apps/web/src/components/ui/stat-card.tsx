import type { ReactNode } from 'react';

/** A figure with its label (the stat cards of the management screens). */
export function StatCard({
  label,
  value,
  icon,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {icon ? (
        <div aria-hidden="true" className="rounded-md bg-brand-50 p-2 text-brand-700">
          {icon}
        </div>
      ) : null}
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-brand-900">{value}</p>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';

/** A centred panel for the sign-in screens: heading, optional intro, content. */
export function AuthCard({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto w-full px-4 py-10 sm:px-6 ${wide ? 'max-w-3xl' : 'max-w-md'}`}>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-brand-900">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-slate-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

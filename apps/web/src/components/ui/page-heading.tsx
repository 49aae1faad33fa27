import type { ReactNode } from 'react';

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-6 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      {children ? <div className="mt-3 max-w-3xl text-lg text-slate-700">{children}</div> : null}
    </div>
  );
}

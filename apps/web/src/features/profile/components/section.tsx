import type { ReactNode } from 'react';

/** One part of Profile Settings: a heading, a line saying what it is for, and its content. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** Null while the section waits its turn to be drawn (profile-sections.tsx). */
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-brand-900">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      {children != null ? <div className="mt-4">{children}</div> : null}
    </section>
  );
}

import type { Policy } from '../../../content/policies';
import { ProseSections } from './prose-sections';

/** /privacy, /terms and /cookies: one layout for the three policies. */
export function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
        {policy.title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Version of <time dateTime={policy.updated}>{policy.updated}</time>
      </p>
      <p className="mt-4 text-lg text-slate-700">{policy.intro}</p>
      <ProseSections sections={policy.sections} />
    </article>
  );
}

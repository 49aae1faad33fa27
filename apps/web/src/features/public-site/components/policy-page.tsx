import type { Policy } from '../../../content/policies';

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
      {policy.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-bold text-brand-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-slate-800">
              {paragraph}
            </p>
          ))}
          {section.list ? (
            <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}

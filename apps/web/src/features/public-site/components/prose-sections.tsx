import type { ProseSection } from '../../../content/prose';

/** The body of a policy or an article: each section an h2 with its paragraphs and list. */
export function ProseSections({ sections }: { sections: ProseSection[] }) {
  return sections.map((section) => (
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
  ));
}

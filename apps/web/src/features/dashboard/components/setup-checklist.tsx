import { SETUP_CHECKLIST_TEXTS as T, type SetupChecklist } from '@firm/shared';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The first advocate's setup checklist (ADR 027): each item a link to where it is done, ticked
 * from the data the server reads; the state is said in words too ("Done" / "Not done yet"), not
 * by the icon alone. Gone once every item is done.
 */
export function SetupChecklistPanel({ checklist }: { checklist: SetupChecklist }) {
  if (checklist.complete) return null;
  const done = checklist.items.filter((item) => item.done).length;
  return (
    <section
      aria-labelledby="setup-checklist-heading"
      className="rounded-lg border border-brand-200 bg-brand-50/60 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-checklist-heading" className="text-lg font-semibold text-brand-900">
          {T.heading}
        </h2>
        <p className="text-sm font-medium text-slate-700">
          {T.progress(done, checklist.items.length)}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">{T.intro}</p>
      <ul aria-label={T.heading} className="mt-3 space-y-2">
        {checklist.items.map((item) => {
          const text = T.items[item.key];
          const state = item.done ? T.done : T.notDone;
          return (
            <li key={item.key}>
              <Link
                to={text.href}
                aria-label={`${text.label}: ${state}`}
                // A done item says so in one line: what is left rises into view on a phone.
                aria-describedby={item.done ? undefined : `setup-${item.key}-hint`}
                className="flex items-start gap-3 rounded-md border border-slate-200 bg-white px-3 py-2.5 hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {item.done ? (
                  <CheckCircle2
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-green-700"
                  />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                )}
                <span className="min-w-0">
                  <span className="block font-medium text-brand-900 underline-offset-2">
                    {text.label}
                    <span
                      className={`ml-2 text-xs font-semibold ${item.done ? 'text-green-800' : 'text-slate-600'}`}
                    >
                      {state}
                    </span>
                  </span>
                  {item.done ? null : (
                    <span id={`setup-${item.key}-hint`} className="block text-sm text-slate-700">
                      {text.hint}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

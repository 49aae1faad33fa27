import { BOOK_CONSULTATION_PATH } from '@firm/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { legalDisclaimer } from '../../../content/firm';
import { buttonVariants } from '../../../components/ui/button';

/** The top of every public page: its one h1, and a lead paragraph. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-brand-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
        {children ? <div className="mt-3 max-w-3xl text-lg text-slate-700">{children}</div> : null}
      </div>
    </div>
  );
}

export function Section({
  title,
  id,
  children,
  intro,
  className = '',
}: {
  title: string;
  id: string;
  children: ReactNode;
  intro?: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-6xl px-4 py-10 sm:px-6 ${className}`}>
      <h2 id={id} className="text-2xl font-bold text-brand-900">
        {title}
      </h2>
      {intro ? <p className="mt-2 max-w-3xl text-slate-700">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

export function LegalDisclaimer() {
  return (
    <aside
      aria-label="Legal disclaimer"
      className="mx-auto mt-6 max-w-6xl px-4 text-sm text-slate-600 sm:px-6"
    >
      <p className="rounded-md border border-slate-200 bg-slate-50 p-4">
        <strong className="text-slate-800">Disclaimer: </strong>
        {legalDisclaimer}
      </p>
    </aside>
  );
}

/** The closing call to action: contact and appointments (docs/product-rules.md#screens). */
export function ConsultationCta({
  title,
  text,
  id = 'consultation-cta',
}: {
  title: string;
  text: string;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="bg-brand-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id={id} className="text-2xl font-bold">
            {title}
          </h2>
          <p className="mt-2 max-w-2xl text-slate-200">{text}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link
            to={BOOK_CONSULTATION_PATH}
            className={buttonVariants({ variant: 'onDark', size: 'lg' })}
          >
            Book Appointment
          </Link>
          <Link
            to="/contact"
            className="inline-flex items-center justify-center rounded-md border border-white px-5 py-2.5 font-semibold text-white hover:bg-white/10"
          >
            Contact Us
          </Link>
        </div>
      </div>
    </section>
  );
}

export function FaqList({ faqs }: { faqs: { question: string; answer: string }[] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {faqs.map((faq) => (
        <div key={faq.question} className="p-5">
          <dt className="font-semibold text-brand-900">{faq.question}</dt>
          <dd className="mt-2 text-slate-700">{faq.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

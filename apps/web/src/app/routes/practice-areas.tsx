import { Check } from 'lucide-react';
import { Link } from 'react-router';
import {
  ConsultationCta,
  LegalDisclaimer,
  PageIntro,
  Section,
} from '../../features/public-site/components/ui';
import { consultation } from '../../content/firm';
import { practiceAreas, whyChooseUs } from '../../content/practice-areas';
import type { RouteHandle } from '../../lib/seo';
import { buttonVariants } from '../../components/ui/button';

export const handle: RouteHandle = {
  seo: {
    title: 'Practice Areas | Mwamba & Associates Advocates',
    description:
      'Nine areas of law we practise in Kenya, from criminal defence and family law to corporate, employment and real estate matters.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="Practice Areas">
        <p>
          Nine areas of Kenyan law, handled by advocates who practise them every day. Each starts
          with the same offer: {consultation.summary.charAt(0).toLowerCase()}
          {consultation.summary.slice(1)}
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {practiceAreas.map((area) => (
            <li key={area.id}>
              <article className="flex h-full flex-col rounded-lg border border-slate-200 p-5 shadow-sm">
                <h2 className="text-xl font-semibold text-brand-900">{area.title}</h2>
                <p className="mt-2 text-slate-700">{area.description}</p>
                <h3 className="mt-4 text-sm font-semibold text-slate-900">Key services</h3>
                <ul className="mt-2 flex-1 space-y-1.5 text-sm text-slate-700">
                  {area.services.map((service) => (
                    <li key={service} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                      {service}
                    </li>
                  ))}
                </ul>
                <div className="mt-5 flex flex-wrap gap-3">
                  <Link to="/contact" className={buttonVariants({ size: 'lg' })}>
                    Get Consultation<span className="sr-only"> on {area.title}</span>
                  </Link>
                  {area.detailSlug ? (
                    <Link
                      to={`/practice-areas/${area.detailSlug}`}
                      className={buttonVariants({ variant: 'secondary', size: 'lg' })}
                    >
                      Learn more<span className="sr-only"> about {area.title}</span>
                    </Link>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
      <Section title="Why Choose Mwamba & Associates" id="why-title" className="rounded-lg">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {whyChooseUs.map((point) => (
            <li key={point.title} className="rounded-lg bg-brand-50 p-5">
              <h3 className="font-semibold text-brand-900">{point.title}</h3>
              <p className="mt-1 text-slate-700">{point.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <ConsultationCta
        title="Not sure which area your matter falls under?"
        text={`Tell us about it. ${consultation.summary}`}
      />
      <LegalDisclaimer />
    </>
  );
}

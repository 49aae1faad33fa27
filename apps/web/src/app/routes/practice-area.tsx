import { PRACTICE_AREA_SLUGS, type PracticeAreaSlug, BOOK_CONSULTATION_PATH } from '@firm/shared';
import { Phone } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { NotFoundScreen } from '../../features/public-site/components/not-found-screen';
import {
  FaqList,
  LegalDisclaimer,
  PageIntro,
  Section,
} from '../../features/public-site/components/ui';
import { consultation, firm, telHref } from '../../content/firm';
import { practiceAreaDetails } from '../../content/practice-area-details';
import type { RouteHandle, Seo } from '../../lib/seo';
import { handle as notFoundHandle } from './not-found';
import { buttonVariants } from '../../components/ui/button';

function isPracticeAreaSlug(slug: string | undefined): slug is PracticeAreaSlug {
  return (PRACTICE_AREA_SLUGS as readonly string[]).includes(slug ?? '');
}

export const handle: RouteHandle = {
  seo: ({ slug }) => {
    if (!isPracticeAreaSlug(slug)) return notFoundHandle.seo as Seo;
    const detail = practiceAreaDetails[slug];
    return {
      title: `${detail.title} Advocates in Nairobi | Mwamba & Associates Advocates`,
      description: detail.seoDescription,
    };
  },
};

/** The five practice-area pages of docs/product-rules.md#screens. */
export function Component() {
  const { slug } = useParams();
  if (!isPracticeAreaSlug(slug)) return <NotFoundScreen />;
  const detail = practiceAreaDetails[slug];
  const isCriminal = slug === 'criminal-defense';
  return (
    <>
      <PageIntro title={detail.title}>
        <p>{detail.intro}</p>
        {/* The page runs long on a phone: its booking link is offered here too, not only at the
            foot. */}
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Link to={BOOK_CONSULTATION_PATH} className={buttonVariants({ size: 'lg' })}>
            Book Appointment
          </Link>
          {isCriminal ? (
            <a
              href={telHref(firm.emergencyPhone)}
              className={buttonVariants({ variant: 'secondary', size: 'lg' })}
            >
              <Phone aria-hidden="true" className="size-4" /> Emergency line {firm.emergencyPhone}
            </a>
          ) : null}
        </div>
      </PageIntro>
      <Section title="What we do" id="what-title">
        <ul className="max-w-3xl list-disc space-y-2 pl-5 text-slate-700">
          {detail.whatWeDo.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
      <Section title="Typical matters" id="matters-title">
        <ul className="grid gap-4 sm:grid-cols-2">
          {detail.typicalMatters.map((item) => (
            <li key={item} className="rounded-lg bg-brand-50 p-4 text-slate-800">
              {item}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="How we work" id="process-title">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {detail.process.map((step, index) => (
            <li key={step.title} className="rounded-lg border border-slate-200 p-5">
              <p className="text-sm font-bold text-brand-700">Step {index + 1}</p>
              <h3 className="mt-1 font-semibold text-brand-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Frequently asked questions" id="faq-title">
        <FaqList faqs={detail.faqs} />
      </Section>
      <section aria-labelledby="area-cta-title" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="area-cta-title" className="text-2xl font-bold">
            {detail.cta.title}
          </h2>
          <p className="mt-2 max-w-2xl text-slate-200">
            {detail.cta.text} {consultation.short}.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {isCriminal ? (
              <a
                href={telHref(firm.emergencyPhone)}
                className={buttonVariants({ variant: 'onDark', size: 'lg' })}
              >
                <Phone aria-hidden="true" className="size-4" /> Emergency line {firm.emergencyPhone}
              </a>
            ) : null}
            <Link
              to={BOOK_CONSULTATION_PATH}
              className={
                isCriminal
                  ? 'inline-flex items-center justify-center rounded-md border border-white px-5 py-2.5 font-semibold text-white hover:bg-white/10'
                  : buttonVariants({ variant: 'onDark', size: 'lg' })
              }
            >
              Book Appointment
            </Link>
            <Link
              to="/contact"
              className="inline-flex items-center justify-center rounded-md border border-white px-5 py-2.5 font-semibold text-white hover:bg-white/10"
            >
              Get Consultation
            </Link>
          </div>
        </div>
      </section>
      <p className="mx-auto mt-8 max-w-6xl px-4 sm:px-6">
        <Link to="/practice-areas" className="font-medium text-brand-700 underline">
          All practice areas
        </Link>
      </p>
      <LegalDisclaimer />
    </>
  );
}

import { BOOK_CONSULTATION_PATH, BOOK_FREE_CALL_PATH } from '@firm/shared';
import { ArrowRight, Clock, Mail, MapPin, Phone, Quote } from 'lucide-react';
import { Link } from 'react-router';
import { stats, testimonials } from '../../content/about';
import {
  consultation,
  firm,
  hoursSummary,
  legalServiceStructuredData,
  mainOffice,
  telHref,
} from '../../content/firm';
import { practiceAreas, whyChooseUs } from '../../content/practice-areas';
import type { RouteHandle } from '../../lib/seo';
import { buttonVariants } from '../../components/ui/button';

export const handle: RouteHandle = {
  seo: {
    title: 'Mwamba & Associates Advocates | Law Firm in Nairobi, Kenya',
    description:
      'Advocates of the High Court of Kenya in Nairobi, Kiambu, Machakos and Kajiado: family, corporate, criminal, property and employment law. Book a consultation today.',
    structuredData: legalServiceStructuredData(),
  },
};

/** The four practice areas the home page features (docs/product-rules.md#screens). */
const FEATURED_AREAS = ['family', 'corporate', 'criminal', 'real-estate'];

export function Component() {
  const featured = practiceAreas.filter((area) => FEATURED_AREAS.includes(area.id));
  return (
    <>
      <section aria-labelledby="hero-title" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
            {firm.tagline}
          </p>
          <h1
            id="hero-title"
            className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl"
          >
            Trusted Legal Counsel in Kenya
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            Clear advice on family, property, employment, business and criminal matters, from
            offices in Nairobi, Thika and Kitengela. {consultation.summary}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to={BOOK_CONSULTATION_PATH}
              className={buttonVariants({ variant: 'onDark', size: 'lg' })}
            >
              Book a Consultation
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

      <section aria-label="The firm in numbers" className="border-b border-slate-200 bg-white">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-8 text-center sm:px-6 md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="text-sm text-slate-700">{stat.label}</dt>
              <dd className="text-3xl font-bold text-brand-800">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="areas-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="areas-title" className="text-2xl font-bold text-brand-900">
          Our Practice Areas
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {featured.map((area) => (
            <li
              key={area.id}
              className="flex flex-col rounded-lg border border-slate-200 p-5 shadow-sm"
            >
              <h3 className="text-lg font-semibold text-brand-900">{area.title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{area.description}</p>
              <Link
                to={area.detailSlug ? `/practice-areas/${area.detailSlug}` : '/practice-areas'}
                className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 underline"
              >
                Learn more<span className="sr-only"> about {area.title}</span>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link
            to="/practice-areas"
            className={buttonVariants({ variant: 'secondary', size: 'lg' })}
          >
            View all practice areas
          </Link>
        </p>
      </section>

      <section aria-labelledby="why-title" className="bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="why-title" className="text-2xl font-bold text-brand-900">
            Why Choose {firm.shortName}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {whyChooseUs.map((point) => (
              <li key={point.title}>
                <h3 className="font-semibold text-brand-900">{point.title}</h3>
                <p className="mt-1 text-slate-700">{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="testimonials-title"
        className="mx-auto max-w-6xl px-4 py-12 sm:px-6"
      >
        <h2 id="testimonials-title" className="text-2xl font-bold text-brand-900">
          What Our Clients Say
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.attribution}>
              <figure className="h-full rounded-lg border border-slate-200 p-5">
                <Quote aria-hidden="true" className="size-6 text-accent-600" />
                <blockquote className="mt-2 text-slate-800">{testimonial.quote}</blockquote>
                <figcaption className="mt-3 text-sm font-medium text-slate-700">
                  {testimonial.attribution}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          Clients are not named, to protect their confidentiality. Past results do not guarantee the
          outcome of any other matter.
        </p>
      </section>

      <section aria-labelledby="cta-title" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="cta-title" className="text-2xl font-bold">
            {consultation.headline}
          </h2>
          <p className="mt-2 max-w-2xl text-slate-200">{consultation.summary}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link
              to={BOOK_FREE_CALL_PATH}
              className={buttonVariants({ variant: 'onDark', size: 'lg' })}
            >
              Book the free call
            </Link>
            <a
              href={telHref(firm.phone)}
              className="inline-flex items-center justify-center gap-2 rounded-md border border-white px-5 py-2.5 font-semibold text-white hover:bg-white/10"
            >
              <Phone aria-hidden="true" className="size-4" /> Call {firm.phone}
            </a>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="contact-strip-title"
        className="mx-auto max-w-6xl px-4 py-10 sm:px-6"
      >
        <h2 id="contact-strip-title" className="sr-only">
          Contact details
        </h2>
        <ul className="grid gap-4 text-slate-800 sm:grid-cols-2 lg:grid-cols-4">
          <li className="flex gap-2">
            <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <a href={telHref(firm.phone)} className="underline">
              {firm.phone}
            </a>
          </li>
          <li className="flex gap-2">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <a href={`mailto:${firm.email}`} className="break-all underline">
              {firm.email}
            </a>
          </li>
          <li className="flex gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <Link to="/locations" className="underline">
              {mainOffice.address}, {mainOffice.city}
            </Link>
          </li>
          <li className="flex gap-2">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>{hoursSummary}</span>
          </li>
        </ul>
      </section>
    </>
  );
}

import { MESSAGES, BOOK_CONSULTATION_PATH } from '@firm/shared';
import { ArrowLeft, Home, Mail, Phone } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { firm } from '../../../content/firm';
import { Button } from '../../../components/ui/button';

const POPULAR_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '/about' },
  { label: 'Practice Areas', to: '/practice-areas' },
  { label: 'Contact', to: '/contact' },
  { label: 'Book Appointment', to: BOOK_CONSULTATION_PATH },
  { label: 'Resources', to: '/resources' },
];

/** The Page Not Found screen of docs/product-rules.md#screens. The server answers its path with HTTP 404. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{MESSAGES.pageNotFound}</h1>
      <p className="mt-3 text-slate-700">{MESSAGES.pageNotFoundHelp}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to="/"
          className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          <Home aria-hidden="true" className="size-4" /> Go to Homepage
        </Link>
        <Button variant="neutral" size="lg" onClick={() => void navigate(-1)}>
          <ArrowLeft aria-hidden="true" className="size-4" /> Go Back
        </Button>
      </div>
      <nav aria-label="Popular pages" className="mt-12">
        <h2 className="text-lg font-semibold text-brand-900">Popular pages</h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {POPULAR_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block rounded-md border border-slate-200 px-4 py-3 text-brand-800 hover:border-brand-600 hover:bg-brand-50"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-12 rounded-lg bg-slate-50 p-6">
        <h2 className="text-lg font-semibold text-brand-900">Need help finding something?</h2>
        <p className="mt-2 text-slate-700">
          Our team can point you in the right direction, or browse our{' '}
          <Link to="/resources" className="font-medium text-brand-700 underline">
            legal resources
          </Link>
          .
        </p>
        <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/contact"
            className="inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            <Mail aria-hidden="true" className="size-4" /> Contact Support
          </Link>
          <a
            href={`tel:${firm.phone.replace(/\s/g, '')}`}
            className="inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            <Phone aria-hidden="true" className="size-4" /> Call Us
          </a>
        </div>
      </div>
    </section>
  );
}

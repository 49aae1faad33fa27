import { PUBLIC_SITE_SCREEN_TEXTS as T } from '@firm/shared';
import { BookOpen, Download, FileText, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { RESOURCE_CATEGORIES, faqs, resources, type Resource } from '../../../content/resources';
import { FaqList } from './ui';
import { Button, buttonVariants } from '../../../components/ui/button';

type Category = (typeof RESOURCE_CATEGORIES)[number]['value'];

function matches(text: string, query: string) {
  return text.toLowerCase().includes(query);
}

function ResourceCard({ resource }: { resource: Resource }) {
  const Icon = resource.type === 'form' ? FileText : BookOpen;
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <p className="flex items-center gap-2 text-sm font-medium text-brand-700 capitalize">
        <Icon aria-hidden="true" className="size-4" /> {resource.type}
        <span className="text-slate-600">· {resource.readTime}</span>
      </p>
      <h3 className="mt-2 text-lg font-semibold text-brand-900">{resource.title}</h3>
      <p className="mt-2 flex-1 text-slate-700">{resource.description}</p>
      <div className="mt-4">
        {resource.isDownloadable && resource.downloadUrl ? (
          <a
            href={resource.downloadUrl}
            download
            className={buttonVariants({ variant: 'secondary', size: 'lg' })}
          >
            <Download aria-hidden="true" className="size-4" /> Download PDF
            <span className="sr-only">: {resource.title}</span>
          </a>
        ) : resource.slug ? (
          <Link
            to={`/resources/${resource.slug}`}
            className={buttonVariants({ variant: 'secondary', size: 'lg' })}
          >
            Read More<span className="sr-only">: {resource.title}</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}

/** The resource library of docs/product-rules.md#screens: search and category filter working together. */
export function ResourceLibrary() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<Category>('all');
  const searchId = useId();
  const categoryId = useId();
  const needle = query.trim().toLowerCase();

  const shownResources =
    category === 'faqs'
      ? []
      : resources.filter(
          (resource) =>
            (category === 'all' || resource.category === category) &&
            (!needle || matches(`${resource.title} ${resource.description}`, needle)),
        );
  const shownFaqs =
    category === 'all' || category === 'faqs'
      ? faqs.filter((faq) => !needle || matches(`${faq.question} ${faq.answer}`, needle))
      : [];
  const total = shownResources.length + shownFaqs.length;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div role="search" className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          <label htmlFor={searchId} className="font-medium text-slate-800">
            Search resources
          </label>
          <div className="relative mt-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-2.5 left-3 size-5 text-slate-500"
            />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="e.g. land, will, dismissal"
              className="block w-full rounded-md border border-slate-400 py-2 pr-3 pl-10"
            />
          </div>
        </div>
        <div>
          <label htmlFor={categoryId} className="font-medium text-slate-800">
            Category
          </label>
          <select
            id={categoryId}
            value={category}
            onChange={(event) => setCategory(event.target.value as Category)}
            className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2"
          >
            {RESOURCE_CATEGORIES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p role="status" className="mt-4 text-sm text-slate-700">
        {total === 1 ? '1 result' : `${total} results`}
      </p>

      {total === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <h2 className="text-lg font-semibold text-brand-900">{T.noResources}</h2>
          <p className="mt-2 text-slate-700">
            {T.noResourcesHint}{' '}
            <Link to="/contact" className="font-medium text-brand-700 underline">
              {T.noResourcesAsk}
            </Link>
            .
          </p>
          <Button
            variant="neutral"
            size="sm"
            className="mt-4"
            onClick={() => {
              setQuery('');
              setCategory('all');
            }}
          >
            Clear search
          </Button>
        </div>
      ) : null}

      {shownResources.length > 0 ? (
        <section aria-labelledby="library-title" className="mt-6">
          <h2 id="library-title" className="text-2xl font-bold text-brand-900">
            Resource Library
          </h2>
          <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {shownResources.map((resource) => (
              <li key={resource.id}>
                <ResourceCard resource={resource} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {shownFaqs.length > 0 ? (
        <section aria-labelledby="faq-title" className="mt-10">
          <h2 id="faq-title" className="text-2xl font-bold text-brand-900">
            Frequently Asked Questions
          </h2>
          <div className="mt-4">
            <FaqList faqs={shownFaqs} />
          </div>
        </section>
      ) : null}
    </div>
  );
}

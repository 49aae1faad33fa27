import { RESOURCE_ARTICLE_SLUGS, type ResourceArticleSlug } from '@firm/shared';
import { Link, useParams } from 'react-router';
import { NotFoundScreen } from '../../features/public-site/components/not-found-screen';
import { ProseSections } from '../../features/public-site/components/prose-sections';
import { ConsultationCta, LegalDisclaimer } from '../../features/public-site/components/ui';
import { consultation } from '../../content/firm';
import { articles, resources } from '../../content/resources';
import type { RouteHandle, Seo } from '../../lib/seo';
import { handle as notFoundHandle } from './not-found';

function isArticleSlug(slug: string | undefined): slug is ResourceArticleSlug {
  return (RESOURCE_ARTICLE_SLUGS as readonly string[]).includes(slug ?? '');
}

function resourceOf(slug: ResourceArticleSlug) {
  return resources.find((resource) => resource.id === articles[slug].resourceId)!;
}

export const handle: RouteHandle = {
  seo: ({ slug }) => {
    if (!isArticleSlug(slug)) return notFoundHandle.seo as Seo;
    const resource = resourceOf(slug);
    return {
      title: `${resource.title} | Mwamba & Associates Advocates`,
      description: resource.description,
    };
  },
};

/** The article or guide behind a resource's 'Read More'. */
export function Component() {
  const { slug } = useParams();
  if (!isArticleSlug(slug)) return <NotFoundScreen />;
  const article = articles[slug];
  const resource = resourceOf(slug);
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <p className="text-sm">
          <Link to="/resources" className="font-medium text-brand-700 underline">
            Legal Resources
          </Link>{' '}
          <span className="text-slate-600">
            / <span className="capitalize">{resource.type}</span> · {resource.readTime}
          </span>
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
          {resource.title}
        </h1>
        <p className="mt-4 text-lg text-slate-700">{article.summary}</p>
        <ProseSections sections={article.sections} />
      </article>
      <ConsultationCta title="Talk to an advocate about your case" text={consultation.summary} />
      <LegalDisclaimer />
    </>
  );
}

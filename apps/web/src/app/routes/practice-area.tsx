import { PRACTICE_AREA_SLUGS, type PracticeAreaSlug } from '@firm/shared';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { NotFoundScreen } from '../../features/public-site/components/not-found-screen';

const TITLES: Record<PracticeAreaSlug, string> = {
  'family-law': 'Family Law',
  'corporate-law': 'Corporate Law',
  'criminal-defense': 'Criminal Defense',
  'property-law': 'Property Law',
  'employment-law': 'Employment Law',
};

function isPracticeAreaSlug(slug: string | undefined): slug is PracticeAreaSlug {
  return (PRACTICE_AREA_SLUGS as readonly string[]).includes(slug ?? '');
}

export function Component() {
  const { slug } = useParams();
  if (!isPracticeAreaSlug(slug)) return <NotFoundScreen />;
  return <PageHeading title={TITLES[slug]} />;
}

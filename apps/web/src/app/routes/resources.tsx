import { ResourceLibrary } from '../../features/public-site/components/resource-library';
import {
  ConsultationCta,
  LegalDisclaimer,
  PageIntro,
} from '../../features/public-site/components/ui';
import { consultation } from '../../content/firm';
import type { RouteHandle } from '../../lib/seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Legal Resources | Mwamba & Associates Advocates',
    description:
      'Articles, guides, downloadable forms and answers to common questions about Kenyan law.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="Legal Resources">
        <p>
          Plain-language articles and guides on Kenyan law, forms to download, and answers to the
          questions clients ask us most.
        </p>
      </PageIntro>
      <ResourceLibrary />
      <ConsultationCta title="Need advice on your own situation?" text={consultation.summary} />
      <LegalDisclaimer />
    </>
  );
}

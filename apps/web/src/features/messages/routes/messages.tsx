import { PageHeading } from '../../../components/ui/page-heading';
import type { RouteHandle } from '../../../lib/seo';

export const handle: RouteHandle = {
  seo: { title: 'Messages | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** SPEC section 2: a placeholder stating that chat functionality will be implemented. */
export function Component() {
  return (
    <PageHeading title="Messages">
      <p>
        Chat functionality will be implemented soon. Until then, please call or email your advocate.
      </p>
    </PageHeading>
  );
}

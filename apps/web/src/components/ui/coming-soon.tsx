import { PageHeading } from './page-heading';

/** SPEC section 2's "Coming Soon" placeholder, until the page's own issue lands. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <PageHeading title={title}>
      <p>Coming Soon. This section is being prepared and will be available shortly.</p>
    </PageHeading>
  );
}

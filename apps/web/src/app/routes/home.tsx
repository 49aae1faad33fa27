import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Mwamba & Associates Advocates | Law Firm in Nairobi, Kenya',
    description:
      'Advocates of the High Court of Kenya in Nairobi, Kiambu, Machakos and Kajiado: family, corporate, criminal, property and employment law. Book a consultation today.',
  },
};

export function Component() {
  return <PageHeading title="Trusted Legal Counsel in Kenya" />;
}

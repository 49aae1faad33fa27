import { PageHeading } from '../../components/ui/page-heading';
import type { RouteHandle } from '../seo';

export const handle: RouteHandle = {
  seo: {
    title: 'Practice Areas | Mwamba & Associates Advocates',
    description:
      'Nine areas of law we practise in Kenya, from criminal defence and family law to corporate, employment and real estate matters.',
  },
};

export function Component() {
  return <PageHeading title="Practice Areas" />;
}

import { useSession } from '../../../lib/session';
import type { RouteHandle } from '../../../lib/seo';
import { MessagesScreen } from '../components/messages-screen';

export const handle: RouteHandle = {
  seo: { title: 'Messages | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** Secure messaging: conversations with the firm, live. */
export function Component() {
  const { user } = useSession();
  return user ? <MessagesScreen actor={user} /> : null;
}

import { PORTAL_FEATURES, type PortalFeature } from '@firm/shared';
import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aClient, anAdmin, anAdvocate } from '../../testing/people';
import { scrollKey, showsChatWidget } from './root-layout';

const feature = (screen: string) =>
  PORTAL_FEATURES.find((entry: PortalFeature) => entry.screen === screen)!;
/** The route matches of a page: the portal's carry their manifest entry (app/routes.tsx). */
const matchesOf = (portalScreen?: string) =>
  [
    { id: 'root', pathname: '/', params: {}, data: undefined, handle: undefined },
    ...(portalScreen
      ? [
          {
            id: 'feature',
            pathname: '/',
            params: {},
            data: undefined,
            handle: { portalFeature: feature(portalScreen) },
          },
        ]
      : []),
  ] as UIMatch[];

describe('where the floating chat bubble shows', () => {
  it('shows on public pages to everyone, signed in or not', () => {
    expect(showsChatWidget(null, matchesOf(), '/contact')).toBe(true);
    expect(showsChatWidget(anAdvocate(), matchesOf(), '/contact')).toBe(true);
  });

  it('is not shown to staff inside the portal', () => {
    expect(showsChatWidget(anAdvocate(), matchesOf('dashboard/dashboard'), '/dashboard')).toBe(
      false,
    );
    expect(showsChatWidget(anAdmin(), matchesOf('cases/cases'), '/cases')).toBe(false);
  });

  it('shows to a client in the portal, but not on the secure messages screen', () => {
    expect(showsChatWidget(aClient(), matchesOf('dashboard/dashboard'), '/dashboard')).toBe(true);
    expect(showsChatWidget(aClient(), matchesOf('messages/messages'), '/messages')).toBe(false);
  });

  it('shows on the sign-in pages', () => {
    expect(showsChatWidget(null, matchesOf('auth/login'), '/login')).toBe(true);
  });
});

describe('which saved scroll position a page gets back', () => {
  const at = (pathname: string, key: string, search = '') =>
    ({ pathname, search, hash: '', state: null, key }) as const;

  it('gives a page loaded from an address its own place, not the tab’s previous page’s', () => {
    // Both loaded from an address: the router calls each "default".
    expect(scrollKey(at('/appointments/manage', 'default'))).not.toBe(
      scrollKey(at('/appointments', 'default')),
    );
    expect(scrollKey(at('/cases', 'default', '?status=open'))).toBe('/cases?status=open');
  });

  it('keeps the router’s own key for pages reached inside the app', () => {
    expect(scrollKey(at('/cases', 'k3x9a2'))).toBe('k3x9a2');
  });
});

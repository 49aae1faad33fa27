import { PORTAL_FEATURES, type PortalFeature } from '@firm/shared';
import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aClient, anAdmin, anAdvocate } from '../../testing/people';
import { pageFrame, scrollKey, showsChatWidget } from './root-layout';

const feature = (screen: string) =>
  PORTAL_FEATURES.find((entry: PortalFeature) => entry.screen === screen)!;
/** The route matches of a page: the portal's carry their manifest entry (app/routes.tsx). */
const matchesOf = (portalScreen?: string) =>
  [
    { id: 'root', pathname: '/', params: {}, loaderData: undefined, handle: undefined },
    ...(portalScreen
      ? [
          {
            id: 'feature',
            pathname: '/',
            params: {},
            loaderData: undefined,
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

describe('the frame of a page', () => {
  it('is the public site’s on public pages, signed in or not, and on the sign-in pages', () => {
    expect(pageFrame(null, matchesOf(), false)).toBe('public');
    expect(pageFrame(anAdvocate(), matchesOf(), false)).toBe('public');
    expect(pageFrame(null, matchesOf('auth/login'), false)).toBe('public');
    // A visitor's booking form is public too.
    expect(pageFrame(null, matchesOf('appointments/appointments'), false)).toBe('public');
  });

  it('is the portal’s inside it: staff without footer, a client with the slim one', () => {
    expect(pageFrame(anAdvocate(), matchesOf('dashboard/dashboard'))).toBe('staff-portal');
    expect(pageFrame(anAdmin(), matchesOf('clients/clients'))).toBe('staff-portal');
    expect(pageFrame(aClient(), matchesOf('cases/cases'))).toBe('client-portal');
  });

  it('shows no frame’s footer on a portal page while the session resolves', () => {
    expect(pageFrame(null, matchesOf('dashboard/dashboard'), true)).toBe('portal-pending');
  });
});

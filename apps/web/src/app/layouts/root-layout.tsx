import { Outlet, ScrollRestoration } from 'react-router';
import { ChatWidget } from '../../features/public-site/components/chat-widget';
import { DocumentHead } from '../document-head';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The shared layout of SPEC section 2: header, main, footer (and the chat widget). */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <DocumentHead />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ChatWidget />
      <ScrollRestoration />
    </div>
  );
}

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  server: {
    // `npm run dev` here, with the API running on 3000 (`npm run dev -w @firm/server`).
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    // Public pages must stay light on mobile data: fail loudly if a chunk balloons.
    chunkSizeWarningLimit: 200,
    // The prerenderer reads it to preload each page's own route chunk.
    manifest: true,
    rollupOptions: {
      // The browser's entry exports nothing anyone imports: without this Rollup keeps a facade
      // chunk for it, one more request before the first paint. The prerenderer imports the SSR
      // entry's exports, so that build keeps them.
      preserveEntrySignatures: isSsrBuild ? 'exports-only' : false,
      output: {
        // What every page needs beside React goes into one chunk: each request costs a round trip
        // and ~1 KB of response headers on a phone, and Rollup would otherwise cut a dozen tiny
        // shared chunks (constants, icon helper, content). Heavy or page-specific code (zod,
        // forms, Leaflet, the portal) stays in the lazy chunks that need it.
        manualChunks(id) {
          // Named first, so that 'site' does not pull them in through @firm/shared's index. zod and
          // the schemas are apart from react-hook-form: the contact form loads only them, on the
          // visitor's first focus (contact-form-validation.ts).
          // The entry (boot.ts) takes Vite's preload helper with it: left to Rollup, the helper
          // joins 'site', and the entry's static import of it would fetch React before the page
          // has painted.
          // The stored token, the API's address, the few constants read as a page starts
          // (page-start.ts) and the Nairobi clock go with it: a portal page's first requests
          // (app/first-requests.ts) read them before React has arrived. Every page loaded them
          // anyway, in 'site' and 'session'; the entry stays under 4 KB (shipped-runtime.spec.ts).
          if (
            /vite\/(preload-helper|modulepreload-polyfill)|\/src\/(boot|lib\/(auth-storage|api-base))\.ts$|packages\/shared\/src\/common\/(page-start|nairobi-clock)\.ts$/.test(
              id,
            )
          )
            return 'boot';
          // The Reports screen's rules, words and formatting, which it shares with its chart (loaded
          // on demand with Chart.js, which no rule here names): read on /reports alone, so named
          // before 'validation' and 'portal-shared' (which every portal screen loads) would take
          // them, and apart from the screen's chunk for the reason given at 'cases-data' below.
          if (
            /packages\/shared\/src\/reports\/(rules|texts)\.ts$|\/src\/features\/reports\/components\/report-format\.ts$/.test(
              id,
            )
          )
            return 'reports-data';
          // The bounded date fields (common/date-fields.ts) are zod too: left to 'portal-shared',
          // which imports 'validation', the two chunks import each other and a screen fails to load.
          if (
            /node_modules\/zod\/|packages\/shared\/src\/([^/]+\/schemas|common\/(fields|list-query|date-fields))\.ts$/.test(
              id,
            )
          )
            return 'validation';
          if (/node_modules\/(react-hook-form|@hookform)\//.test(id)) return 'forms';
          if (/node_modules\/react-router\//.test(id)) return 'site';
          if (
            /node_modules\/lucide-react\/dist\/esm\/(createLucideIcon|Icon|defaultAttributes|context|shared\/)/.test(
              id,
            )
          )
            return 'site';
          // React, React DOM's client and its scheduler: every page hydrates with them (ADR 010).
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'site';
          if (/\/src\/content\/(firm|navigation|practice-areas)\.ts$/.test(id)) return 'site';
          if (/features\/public-site\/components\/(chat-widget|not-found-screen|ui)\.tsx$/.test(id))
            return 'site';
          // The shared constants, texts and rules every page reads. two-factor/rules is here because
          // the session (on every page) reads a staff member's setup state (ADR 037): left to
          // Rollup, it would put the session on 'portal-shared', 77 KB every public page then
          // downloaded and ran.
          // The portal manifest with what it reads (the permissions, the texts it names, the
          // addresses of the screens' first data): 'site' builds the header and the routes from
          // it, and a portal page's first requests (app/first-requests.ts) read its `firstData`
          // before React has arrived, so it waits on neither 'site' nor them on it (ADR 032).
          if (
            /packages\/shared\/src\/(portal-manifest|permissions|paths|common\/(texts|endpoints)|(dashboard|cases|clients|messages|appointments|court-dates|profile)\/endpoints)\.ts$/.test(
              id,
            )
          )
            return 'portal-map';
          if (
            /packages\/shared\/src\/(common\/(constants|phone|office-hours|offices|firm-identity)|public-site\/texts|contact-messages\/(texts|rules)|two-factor\/rules)\.ts$/.test(
              id,
            )
          )
            return 'site';
          // The deferred toaster (a few hundred bytes) that every page mounts; react-hot-toast itself
          // stays in its lazy chunk.
          if (/\/src\/lib\/toasts\.tsx$/.test(id)) return 'site';
          // Named so that Rollup does not fold them into 'portal' below, which imports them: every
          // page loads the session (main.tsx), the API client loads with a session to check, and
          // a public page's first toast loads react-hot-toast.
          if (/\/src\/(lib\/session|components\/ui\/email-text)\.tsx?$/.test(id)) return 'session';
          // The requests made from the contract's addresses (ADR 044) go with the API client: the
          // public pages' own (the office map's config, the contact form's message) load with it
          // on demand, and left to Rollup they, and the session's check, took 'portal' and
          // 'portal-shared' with them.
          if (
            /\/src\/(lib\/(api-client|endpoint-client|session-requests)|features\/public-site\/api\/[^/]+)\.ts$/.test(
              id,
            )
          )
            return 'api-client';
          if (/node_modules\/(react-hot-toast|goober)\//.test(id)) return 'toast';
          // The portal's frame and the pieces most of its screens draw with: TanStack Query, the
          // header's signed-in controls, the screens' UI
          // primitives and lists. Left to Rollup these were ~30 chunks of 1–4 KB, each a request
          // of its own (and ~1 KB of headers) that a phone on HTTP/1.1 queues six at a time:
          // the portal's first screen waited on five or six round trips of them (ADR 032). None
          // of these is imported by a prerendered public page or by anything in 'site', 'main'
          // or the session: only the portal layout's routes (the sign-in pages and the portal)
          // load it, so it closes no chunk cycle. react-hook-form ('forms') and zod
          // ('validation') stay apart: Dashboard and Messages need neither to draw. The portal
          // layout and the guard stay route chunks of their own: the prerenderer finds them in
          // the manifest by name to preload each screen's shell (scripts/prerender.mjs).
          if (
            /node_modules\/@tanstack\/(react-query|query-core)\//.test(id) ||
            /\/src\/lib\/(query-client|screen-query|format|form-errors|return-path|use-dismiss|use-debounced-value|file-transfer|link-token|conversation-keys|live-events|nav-counts|passkeys)\.tsx?$/.test(
              id,
            ) ||
            /\/src\/components\/(list\/[^/]+|ui\/(spinner|page-heading|modal|text-field|text-area-field|badge|checkbox|select-field|form-modal|tabs|toggle))\.tsx?$/.test(
              id,
            ) ||
            /\/src\/app\/layouts\/(user-menu|nav-group|nav-count-badge)\.tsx$/.test(id) ||
            /\/src\/features\/notifications\/components\/notification-bell\.tsx$/.test(id)
          )
            return 'portal';
          // What a portal page asks for as it starts (app/first-requests.ts), the addresses it names
          // and the early answers' store: apart from the screens' data chunks (TanStack Query) and
          // the API client (the shared texts, in 'site'), so that the early requests wait for
          // nothing but 'boot' and this. Named before 'session', which would take them.
          if (/\/src\/(app\/first-requests|lib\/early-answers)\.ts$/.test(id))
            return 'first-requests';
          // What a screen shares with its parts loaded on demand (Cases' New Case and Add Note
          // dialogs, Profile's sections, Appointments' booking form and dialogs): its API hooks,
          // Cases' formatting, an appointment's card (the list's and a visitor's booking page's). Left in the screen's
          // chunk, the parts' imports of them would make that chunk export more than the route
          // module, and Rollup would then give it no facade (the prerenderer finds a screen's chunk
          // in the manifest by its route module).
          const screenData =
            /\/src\/features\/(cases|profile|appointments)\/(api\/[^/]+|components\/(case-format|booking-values|appointment-card))\.tsx?$/.exec(
              id,
            );
          if (screenData) return `${screenData[1]}-data`;
          // The rest of packages/shared (texts, constants, date formatting) that the portal's
          // screens read. Named, because Rollup would otherwise move what the schemas import into
          // 'validation', and every portal page would then download zod and build every schema
          // (the largest script the portal ran on load) just to read a label (ADR 008).
          if (/packages\/shared\/src\/([^/]+\/)?[^/]+\.ts$/.test(id)) return 'portal-shared';
          return undefined;
        },
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
}));

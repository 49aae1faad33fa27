import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's house: like the web app's features, its modules do not import
 * each other. They stand on a foundation, in order, each level using only those before it; a
 * module that must tell one above it announces a domain event instead (lib/domain-events.ts).
 * A level is a whole module, or the files of a module that the others build on (the rest of that
 * module is a feature like any other).
 */
const serverFoundation = [
  // The outbox (ADR 028): every module writes its emails and SMS there, in its own transaction.
  // The rest of deliveries (System Settings' delivery log, the SMS delivery reports, telling the
  // advocates of a failure) is a module like any other, above the whole foundation (ADR 043).
  ['deliveries/outbox.ts', 'deliveries/deliveries.repository.ts'],
  ['audit'],
  ['users/users.repository.ts', 'users/user-lookups.repository.ts', 'users/user-serializer.ts'],
  ['mail-guard'],
  ['settings/firm-settings.repository.ts', 'settings/firm-settings.service.ts'],
  // The second factors and sign-in devices are their own modules (ADR 043), below auth because
  // signing in checks a second factor and records the device. A passkey's record and its
  // WebAuthn check come first: two-factor counts passkeys among the second factors and spends one
  // in sign-in's second step, while passkeys' own service (not foundation) issues recovery codes.
  ['passkeys/passkeys.repository.ts', 'passkeys/webauthn.ts'],
  ['two-factor'],
  // What sign-in records of a device; the routes (the alert's "Not you?" link) use auth's services.
  [
    'sign-in-devices/sign-in-devices.repository.ts',
    'sign-in-devices/sign-in-devices.service.ts',
    'sign-in-devices/device-label.ts',
  ],
  ['auth'],
  ['notifications'],
];
/**
 * The exceptions, named here and nowhere else: the modules that read across the house, and whom.
 */
const serverReadsAcross = {
  // The dashboards: every role's figures from the modules that own them.
  // What a client owes is billing's one rule (billing/owed.repository), read by their dashboard.
  dashboard: ['appointments', 'clients', 'messages', 'billing/owed.repository.ts'],
  // "Download my data" (the data export) gathers a person's records from each module.
  profile: ['appointments', 'billing', 'cases', 'client-money', 'messages'],
  // Filing a message's attachment records a case document, as an upload does.
  messages: ['cases'],
  // The personal calendar feed carries appointments beside court dates.
  'court-dates': ['appointments'],
  // A client's email change is confirmed the profile's way; data requests are the profile's.
  // Converting an enquiry creates a client account (the users module's).
  clients: ['profile', 'users'],
  // The firm settings' M-Pesa section says whether the paybill's addresses are registered (ADR 048).
  settings: ['profile', 'paybill/paybill-connection.ts'],
  // Deleting an account counts its cases and its fee notes; a new client is checked for conflicts.
  users: ['cases', 'billing'],
  // A visitor's booking is also an enquiry: the inbox follows what the diary does to it (ADR 018).
  appointments: ['clients/enquiry-follows-booking.ts'],
  // A fee note may name one of its client's cases (ADR 035).
  // Issuing or cancelling a fee note bills or unbills the time drafted onto it (ADR 050).
  billing: [
    'cases',
    'time/billed-work.ts',
    // Issuing or cancelling writes KRA's transmission in its transaction; a fee note's answer
    // carries its KRA state (ADR 049).
    'etims/transmissions.service.ts',
    'etims/fee-note-etims.service.ts',
  ],
  // "Bill this" drafts a fee note through billing's one path, in its own transaction (ADR 050).
  time: ['billing/fee-notes.service.ts', 'billing/billing-deps.ts'],
  // A transfer of client money to office settles a fee note the way every payment does (ADR 045):
  // billing's one path, offered in a file of its own; its PDFs are drawn by billing's pool and cache.
  // A deposit paid by M-Pesa follows a fee note's push (ADR 034): the schedule, the shared
  // receipt check and the desk the M-Pesa routes hand deposits to (billing/mpesa-push-flow.ts).
  'client-money': [
    'billing/settle-from-client-money.ts',
    'billing/client-money-pdfs.ts',
    'billing/mpesa-push-flow.ts',
  ],
  // A fee note paid at the paybill is an M-Pesa payment taking billing's one path (ADR 047),
  // and a client's money on account the client-money receipt an M-Pesa deposit posts.
  // The daily sweep settles stale pushes by billing's own query (ADR 054).
  paybill: [
    'billing/settle-from-paybill.ts',
    'billing/pushes-from-sweep.ts',
    'client-money/receipt-from-paybill.ts',
  ],
  // The reports count each figure with the WHERE clause of the list it links to (ADR 036).
  reports: ['appointments', 'billing', 'cases', 'clients', 'messages'],
};
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const isWholeModule = (path) => !path.includes('/');
const moduleZones = serverModules.map((module) => {
  const level = serverFoundation.findIndex((paths) => paths.includes(module));
  const allowed =
    level >= 0
      ? serverFoundation.slice(0, level).flat()
      : [...serverFoundation.flat(), ...(serverReadsAcross[module] ?? [])];
  return {
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules',
    except: [module, ...allowed].map((name) => `./${name}`),
    message:
      level >= 0
        ? 'A foundation module uses only those below it; announce a domain event to those above.'
        : 'A server module must not import another; name an exception in eslint.config.js.',
  };
});
// The foundation files of a module that is partly foundation: held to the levels below them.
const fileZones = serverFoundation.flatMap((paths, level) =>
  paths.every(isWholeModule)
    ? []
    : [
        {
          target: paths.map((path) => `./apps/server/src/modules/${path}`),
          from: './apps/server/src/modules',
          except: [...paths, ...serverFoundation.slice(0, level).flat()].map((name) => `./${name}`),
          message:
            'A foundation file uses only the foundation below it; announce a domain event to those above.',
        },
      ],
);
const serverModuleZones = [...moduleZones, ...fileZones];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'error',
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; src/app composes them (docs/architecture.md, the lint rules).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // One zone per feature: it may import its own files, never another feature's.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature must not import another feature; compose them in src/app.',
            })),
            {
              target: [
                './apps/web/src/features',
                './apps/web/src/lib',
                './apps/web/src/components',
              ],
              from: './apps/web/src/app',
              message: 'Dependencies flow shared → features → app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*test-kit.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverModuleZones }] },
  },
  {
    // Browser-safe code only: no Node built-ins, no database.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'drizzle-orm*', 'fastify*', 'react*'] },
      ],
    },
  },
);

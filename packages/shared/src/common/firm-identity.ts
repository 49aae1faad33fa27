/**
 * The firm's name and numbers that the server needs too (an email names the firm and gives the
 * hotline). The web app's content module (apps/web/src/content/firm.ts) reads them from here, so
 * the site, the footer and every email show one number (one source).
 */
export const FIRM_IDENTITY = {
  name: 'Mwamba & Associates Advocates',
  phone: '+254 20 765 4321',
  /** The 24-hour emergency line (arrests, urgent court matters). */
  emergencyPhone: '+254 722 000 911',
} as const;

/**
 * The route table of docs/product-rules.md#screens, shared so that the server can tell a portal path (served the
 * app shell, 200) from an unknown one (404 with the Page Not Found screen). Public pages are
 * prerendered and found on disk, so they are not repeated here.
 */
export const PRACTICE_AREA_SLUGS = [
  'family-law',
  'corporate-law',
  'criminal-defense',
  'property-law',
  'employment-law',
] as const;
export type PracticeAreaSlug = (typeof PRACTICE_AREA_SLUGS)[number];

/** Articles and guides of the resource library, each a page of its own (/resources/{slug}). */
export const RESOURCE_ARTICLE_SLUGS = [
  'making-a-valid-will-in-kenya',
  'unfair-termination-your-rights',
  'buying-land-in-kenya',
  'succession-administering-an-estate',
] as const;
export type ResourceArticleSlug = (typeof RESOURCE_ARTICLE_SLUGS)[number];

export const PUBLIC_PATHS = [
  '/',
  '/about',
  '/practice-areas',
  ...PRACTICE_AREA_SLUGS.map((slug) => `/practice-areas/${slug}`),
  '/areas-we-serve',
  '/resources',
  ...RESOURCE_ARTICLE_SLUGS.map((slug) => `/resources/${slug}`),
  '/locations',
  '/contact',
  '/privacy',
  '/terms',
  '/cookies',
] as const;

/**
 * Where every "Book Appointment" / "Book Consultation" link goes: the booking form, open, on the
 * appointments page (it survives a reload, and is listed in sitemap.xml).
 */
export const BOOK_CONSULTATION_PATH = '/appointments?book=consultation';
/** The booking form opened on the free 15-minute preliminary call (ADR 015). */
export const BOOK_FREE_CALL_PATH = '/appointments?book=preliminary_call';

/** What a route says about itself to search engines and link previews (route `handle.seo`). */
export interface Seo {
  title: string;
  description: string;
  /** Path of the canonical URL; defaults to the page's own path. */
  canonicalPath?: string;
  /** Indexable pages are listed in sitemap.xml; portal pages are not. */
  noindex?: boolean;
  /** schema.org data written into the page as JSON-LD. */
  structuredData?: Record<string, unknown>;
}

type Params = Record<string, string | undefined>;

export interface RouteHandle {
  /** Fixed, or computed from the URL parameters (one module serving several pages). */
  seo?: Seo | ((params: Params) => Seo);
}

export function findSeo(matches: { handle?: unknown; params?: Params }[]): Seo | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const seo = (matches[i]?.handle as RouteHandle | undefined)?.seo;
    if (typeof seo === 'function') return seo(matches[i]?.params ?? {});
    if (seo) return seo;
  }
  return undefined;
}

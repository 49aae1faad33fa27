import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { firm } from '../content/firm';
import { findSeo } from '../lib/seo';

function setMeta(selector: string, attribute: 'content' | 'href', value: string) {
  const element = document.head.querySelector(selector);
  if (element) element.setAttribute(attribute, value);
}

/**
 * Keeps the title, description and canonical link in step with client-side navigation. The first
 * page load already has them in its prerendered HTML (scripts/prerender.mjs writes the same data).
 */
export function DocumentHead() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const seo = findSeo(matches);

  useEffect(() => {
    const title = seo ? seo.title : firm.name;
    document.title = title;
    if (!seo) return;
    const url = `${window.location.origin}${seo.canonicalPath ?? pathname}`;
    setMeta('meta[name="description"]', 'content', seo.description);
    setMeta('meta[property="og:title"]', 'content', title);
    setMeta('meta[property="og:description"]', 'content', seo.description);
    setMeta('meta[property="og:url"]', 'content', url);
    setMeta('link[rel="canonical"]', 'href', url);
  }, [seo, pathname]);

  return null;
}

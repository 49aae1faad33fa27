import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { fetchNavCount, onNavCountsChanged } from '../../lib/nav-counts';

/** How often a badge asks again while the page stays open. */
const REFRESH_MS = 60_000;

/**
 * The number beside a nav item whose manifest entry has a `countPath` (the Enquiries inbox's new
 * enquiries): asked for on each navigation, every minute, and when a screen says it changed.
 * Nothing shows at zero or when the count cannot be had.
 */
export function NavCountBadge({ path, label }: { path: string; label: string }) {
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchNavCount(path, controller.signal)
      .then(setCount)
      .catch(() => {
        if (!controller.signal.aborted) setCount(0);
      });
    return () => controller.abort();
  }, [path, pathname, tick]);

  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    const stop = onNavCountsChanged(() => setTick((n) => n + 1));
    return () => {
      window.clearInterval(timer);
      stop();
    };
  }, []);

  if (count <= 0) return null;
  // The spaces sit outside the hidden text and the badge, so the link reads "Enquiries 3 new
  // enquiries" in the tests' jsdom too, which joins inline elements' trimmed texts (ADR 038);
  // on screen a flex item's edge drops them.
  return (
    <>
      {' '}
      {/* Over the item's corner, taking no width: the bar has no room to spare at 1280 px. */}
      <span
        data-nav-badge
        className="absolute -top-1.5 -right-1 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-700 px-1 text-[0.6875rem] leading-none font-semibold text-white"
      >
        {count > 99 ? '99+' : count} <span className="sr-only">new {label.toLowerCase()}</span>
      </span>
    </>
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Made on first use, not as the module loads: the bell brings this module into every portal page,
// and creating an Intl formatter loads the browser's ICU data in one long task
// (packages/shared/src/common/nairobi-clock.ts).
let relativeTime: Intl.RelativeTimeFormat | undefined;
const ago = (value: number, unit: Intl.RelativeTimeFormatUnit) =>
  (relativeTime ??= new Intl.RelativeTimeFormat('en', { numeric: 'always' })).format(-value, unit);

/** docs/product-rules.md#screens: the age as minutes, hours or days ago ("30 minutes ago", "1 day ago"). */
export function relativeAge(timestamp: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(timestamp).getTime());
  if (elapsed < HOUR) return ago(Math.max(1, Math.floor(elapsed / MINUTE)), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  return ago(Math.floor(elapsed / DAY), 'day');
}

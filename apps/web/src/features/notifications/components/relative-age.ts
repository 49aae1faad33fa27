const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** docs/product-rules.md#screens: the age as minutes, hours or days ago ("30 minutes ago", "1 day ago"). */
export function relativeAge(timestamp: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(timestamp).getTime());
  if (elapsed < HOUR) return format.format(-Math.max(1, Math.floor(elapsed / MINUTE)), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}

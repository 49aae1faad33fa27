import { BACKUP_RETENTION, nairobiDateTime } from '@firm/shared';

/**
 * Which archives to keep (ADR 039): the newest archive of each of the 7 most recent Nairobi days
 * that have one, of each of the 4 most recent ISO weeks, and of each of the 12 most recent months
 * (as restic's --keep-daily/weekly/monthly count: periods with no archive do not use up a slot).
 * Everything else is deleted. Pure: the caller lists the directory and deletes.
 */
export interface Archive {
  name: string;
  createdAt: Date;
}

/** `name`s, newest first, that the rule above does not keep. */
export function archivesToDelete(
  archives: readonly Archive[],
  keep: { daily: number; weekly: number; monthly: number } = BACKUP_RETENTION,
): string[] {
  const newestFirst = [...archives].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const kept = new Set<string>();
  const keepNewestPer = (periodOf: (date: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const archive of newestFirst) {
      const period = periodOf(nairobiDateTime(archive.createdAt).date);
      if (seen.has(period)) continue;
      if (seen.size >= count) break;
      seen.add(period);
      kept.add(archive.name);
    }
  };
  keepNewestPer((date) => date, keep.daily);
  keepNewestPer(isoWeekOf, keep.weekly);
  keepNewestPer((date) => date.slice(0, 7), keep.monthly);
  return newestFirst.filter((archive) => !kept.has(archive.name)).map((archive) => archive.name);
}

/** The ISO week of a calendar day ('2026-12-07' → '2026-W50'). */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  const week1Monday = firstThursday.getTime() - firstWeekday * 86_400_000;
  const week = Math.floor((thursday.getTime() - week1Monday) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

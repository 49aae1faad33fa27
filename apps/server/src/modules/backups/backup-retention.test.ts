import { describe, expect, it } from 'vitest';
import { archivesToDelete, isoWeekOf } from './backup-retention';

/** One archive a night at 02:00 Nairobi (23:00 UTC the day before) for `nights` nights to `last`. */
function nightly(last: string, nights: number) {
  const end = new Date(`${last}T02:00:00+03:00`).getTime();
  return Array.from({ length: nights }, (_, i) => {
    const createdAt = new Date(end - i * 86_400_000);
    return { name: `night-${createdAt.toISOString()}`, createdAt };
  });
}

describe('archivesToDelete', () => {
  it('keeps everything while there are fewer archives than slots', () => {
    expect(archivesToDelete(nightly('2026-12-07', 5))).toEqual([]);
  });

  it('keeps 7 daily, 4 weekly and 12 monthly out of a year and a half of nightly archives', () => {
    const archives = nightly('2026-12-07', 550);
    const deleted = new Set(archivesToDelete(archives));
    const kept = archives.filter((archive) => !deleted.has(archive.name));
    const keptDays = kept.map((archive) => archive.createdAt.toISOString().slice(0, 10));
    // The last 7 nights (02:00 Nairobi is 23:00 UTC the day before).
    expect(keptDays.slice(0, 7)).toEqual([
      '2026-12-06',
      '2026-12-05',
      '2026-12-04',
      '2026-12-03',
      '2026-12-02',
      '2026-12-01',
      '2026-11-30',
    ]);
    // Weekly slots: the newest of each of the 4 newest ISO weeks: Mon 7 Dec and Sun 6 Dec (kept
    // as days already), Sun 29 Nov and Sun 22 Nov.
    expect(keptDays).toContain('2026-11-28');
    expect(keptDays).toContain('2026-11-21');
    expect(keptDays).not.toContain('2026-11-14');
    // Monthly: the newest of each of 12 months, back to January 2026 (Nairobi months).
    expect(keptDays).toContain('2026-10-30');
    expect(keptDays).toContain('2026-01-30');
    expect(keptDays).not.toContain('2025-12-30');
    expect(kept).toHaveLength(7 + 2 + 11);
    expect(deleted.size).toBe(550 - kept.length);
  });

  it('reads days in Nairobi: 23:30 UTC is already the next day', () => {
    const late = { name: 'late', createdAt: new Date('2026-12-06T23:30:00Z') }; // 02:30 on the 7th
    const early = { name: 'early', createdAt: new Date('2026-12-06T20:00:00Z') }; // 23:00 on the 6th
    expect(archivesToDelete([late, early], { daily: 2, weekly: 0, monthly: 0 })).toEqual([]);
    expect(archivesToDelete([late, early], { daily: 1, weekly: 0, monthly: 0 })).toEqual(['early']);
  });

  it('keeps the newest of several archives of one day', () => {
    const day = (hour: number) => ({
      name: `h${hour}`,
      createdAt: new Date(`2026-12-07T${String(hour).padStart(2, '0')}:00:00+03:00`),
    });
    expect(archivesToDelete([day(2), day(14), day(9)])).toEqual(['h9', 'h2']);
  });
});

describe('isoWeekOf', () => {
  it('numbers weeks from the one holding the first Thursday', () => {
    expect(isoWeekOf('2026-12-07')).toBe('2026-W50');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2026-01-01')).toBe('2026-W01');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
  });
});

import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { archivesToDelete, type Archive } from './backup-retention';

/**
 * The archives' names in BACKUP_DIR (ADR 039): the time they were started, in UTC to the
 * millisecond, so names sort by time and two runs never share one. Only files named so are ever
 * pruned or swept: anything else an operator keeps there is left alone.
 */
const ARCHIVE_NAME = /^firm-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.backup$/;
export const PARTIAL_SUFFIX = '.partial';

export function archiveName(startedAt: Date): string {
  return `firm-backup-${startedAt.toISOString().replace(/[:.]/g, '-')}.backup`;
}

/** When an archive was started, read from its name; null: not an archive's name. */
export function archiveTime(name: string): Date | null {
  const match = ARCHIVE_NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis] = match;
  const at = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The archive a partial file belongs to (`<archive>.partial`, or the engine's `<archive>.partial.*`). */
function partialOf(name: string): string | null {
  const at = name.indexOf(PARTIAL_SUFFIX);
  if (at <= 0) return null;
  const archive = name.slice(0, at);
  return archiveTime(archive) ? archive : null;
}

/**
 * Deletes the partial files of runs that never finished, except those of `keep` (the archive of
 * the run under way). Called only by the run that holds the claim, so no other run is writing.
 */
export async function removeLeftoverPartials(dir: string, keep?: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await namesIn(dir)) {
    const archive = partialOf(name);
    if (!archive || archive === keep) continue;
    await rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Deletes the partial files of one archive (a run found dead, or one that failed). */
export async function removePartialsOf(dir: string, archive: string): Promise<void> {
  for (const name of await namesIn(dir)) {
    if (partialOf(name) === archive) await rm(path.join(dir, name), { force: true });
  }
}

/** Deletes the archives the retention rule no longer keeps; returns their names. */
export async function pruneArchives(dir: string): Promise<string[]> {
  const archives: Archive[] = [];
  for (const name of await namesIn(dir)) {
    const createdAt = archiveTime(name);
    if (createdAt) archives.push({ name, createdAt });
  }
  const doomed = archivesToDelete(archives);
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  return doomed;
}

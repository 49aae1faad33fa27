import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { listStoredFiles, removeStoredFileEntry } from '../../lib/file-storage';
import { findReferencedFileIds } from './retention.repository';

/**
 * How old a file must be before the sweep may take it. Several processes share DOCUMENTS_DIR, and
 * a file younger than this may be another process's work in progress: a `.part` being received
 * (written to as its bytes arrive, so its time stays fresh while it does, and the whole request
 * must arrive within HTTP_TIMEOUTS.requestMs), or a file renamed into place, or copied there
 * (filing a message's attachment to its case), whose row is not yet committed. An hour is far
 * beyond any of these.
 */
export const STORED_FILE_GRACE_MS = 60 * 60 * 1000;

export interface StoredFilesSweepDeps {
  db: Executor;
  documentsDir: string;
  logger: FastifyBaseLogger;
}

/** How many of each were deleted. */
export interface StoredFilesSweepResult {
  /** `.part` files: uploads a stopped process never finished. */
  partialUploads: number;
  /** Complete files no case document or message attachment names. */
  unreferencedFiles: number;
}

/**
 * Deletes what uploads left behind in DOCUMENTS_DIR: `.part` files stayed after a kill
 * -9 during uploads): `.part` files, and complete files that no row names, last written more than
 * `graceMs` before `now`. Files not named as file-storage names them are never touched. A file
 * that cannot be deleted is logged and left for the next run; several processes sweeping at once
 * only find each other's deletions done.
 */
export async function sweepStoredFiles(
  deps: StoredFilesSweepDeps,
  now: Date,
  graceMs = STORED_FILE_GRACE_MS,
): Promise<StoredFilesSweepResult> {
  const writtenBefore = now.getTime() - graceMs;
  const old = (await listStoredFiles(deps.documentsDir)).filter(
    (entry) => entry.modifiedAt.getTime() < writtenBefore,
  );
  const complete = old.filter((entry) => !entry.isPartial);
  // Read after the listing: a row committed since still keeps its file.
  const referenced =
    complete.length > 0
      ? await findReferencedFileIds(
          deps.db,
          complete.map((entry) => entry.id),
        )
      : new Set<string>();
  const doomed = old.filter((entry) => entry.isPartial || !referenced.has(entry.id));

  const result: StoredFilesSweepResult = { partialUploads: 0, unreferencedFiles: 0 };
  const failed: string[] = [];
  for (const entry of doomed) {
    try {
      await removeStoredFileEntry(deps.documentsDir, entry);
      if (entry.isPartial) result.partialUploads += 1;
      else result.unreferencedFiles += 1;
    } catch {
      failed.push(entry.name);
    }
  }
  if (failed.length > 0) {
    deps.logger.warn(
      { documentsDir: deps.documentsDir, files: failed },
      'stored files not deleted',
    );
  }
  return result;
}

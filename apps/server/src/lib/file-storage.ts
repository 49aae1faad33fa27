import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { FastifyReply } from 'fastify';
import {
  ALLOWED_UPLOAD_TYPES,
  CASE_LIMITS,
  type AllowedUploadType,
  withoutDirectionControls,
  withoutLoneSurrogates,
} from '@firm/shared';

/**
 * Stored files: case documents (ADR 014) and message attachments (ADR 020). Each file is streamed
 * to `<dir>/<id>.part` while its SHA-256 and size are computed (never buffered whole), its type is
 * read from its bytes, and it becomes `<dir>/<id>` just before its row is committed. A refused or
 * failed upload leaves nothing behind; a process killed mid-upload leaves a `.part` (or, killed
 * between the rename and the commit, a file no row names), which the stored-files sweep deletes
 * (modules/retention/stored-files-sweep.ts).
 */

export class UploadRefused extends Error {
  constructor(readonly reason: 'too_large' | 'type' | 'empty') {
    super(reason);
  }
}

export interface ReceivedFile {
  id: string;
  partPath: string;
  finalPath: string;
  size: number;
  sha256: string;
  mimeType: AllowedUploadType;
}

const isAllowed = (mime: string): mime is AllowedUploadType => mime in ALLOWED_UPLOAD_TYPES;

/** Plain text: no file signature, so the first bytes must be UTF-8 text without control codes. */
async function looksLikePlainText(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead === 0) return false;
    // A multi-byte character cut at the end of the sample is not a reason to refuse.
    const sample = buffer.subarray(0, bytesRead);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(
        sample.subarray(0, trimPartialUtf8(sample)),
      );
    } catch {
      return false;
    }
    // eslint-disable-next-line no-control-regex -- control characters mark a binary file
    return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
  } finally {
    await handle.close();
  }
}

/** How many bytes of `bytes` end on a whole UTF-8 character. */
function trimPartialUtf8(bytes: Buffer): number {
  const end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i += 1) {
    const byte = bytes[end - i]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > i ? end - i : end;
  }
  return end;
}

/** The type of the stored bytes, if it is one the firm accepts. */
async function detectType(file: string, fileName: string): Promise<AllowedUploadType | null> {
  const detected = await fileTypeFromFile(file);
  if (detected) {
    if (isAllowed(detected.mime)) return detected.mime;
    // Word 97–2003 and Excel 97–2003 are OLE compound files; the bytes say no more than that.
    if (detected.mime === 'application/x-cfb') {
      const extension = path.extname(fileName).toLowerCase();
      if (extension === '.doc') return 'application/msword';
      if (extension === '.xls') return 'application/vnd.ms-excel';
    }
    return null;
  }
  return (await looksLikePlainText(file)) ? 'text/plain' : null;
}

/**
 * Streams `source` into `dir`. Throws UploadRefused for a file over `maxBytes` (the multipart
 * limit truncates it), an empty one, or a type not accepted; the partial file is removed.
 */
export async function receiveFile(
  source: Readable & { truncated?: boolean },
  dir: string,
  fileName: string,
): Promise<ReceivedFile> {
  await mkdir(dir, { recursive: true });
  const id = randomUUID();
  const partPath = path.join(dir, `${id}.part`);
  const finalPath = path.join(dir, id);
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, measure, createWriteStream(partPath, { flags: 'wx', mode: 0o600 }));
    if (source.truncated) throw new UploadRefused('too_large');
    if (size === 0) throw new UploadRefused('empty');
    const mimeType = await detectType(partPath, fileName);
    if (!mimeType) throw new UploadRefused('type');
    return { id, partPath, finalPath, size, sha256: hash.digest('hex'), mimeType };
  } catch (error) {
    await rm(partPath, { force: true });
    if (isFileTooLarge(error)) throw new UploadRefused('too_large');
    throw error;
  }
}

/** @fastify/multipart's error when a file passes `limits.fileSize`. */
export function isFileTooLarge(error: unknown): boolean {
  return error instanceof UploadRefused
    ? error.reason === 'too_large'
    : (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

export async function keepFile(file: ReceivedFile): Promise<void> {
  await rename(file.partPath, file.finalPath);
}

export async function discardFile(file: ReceivedFile): Promise<void> {
  await Promise.all([rm(file.partPath, { force: true }), rm(file.finalPath, { force: true })]);
}

/** A file of ours in the documents folder: named by its id, `.part` while it is received. */
export interface StoredFileEntry {
  /** The file's name in the folder. */
  name: string;
  id: string;
  isPartial: boolean;
  /** Last written (a file being received is written to as its bytes arrive). */
  modifiedAt: Date;
}

const STORED_FILE_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.part)?$/;

/**
 * The files in `dir` named as this module names them; anything else (an operator's file, a
 * folder, a link) is not listed, so nothing but our own files is ever swept. A file gone while
 * listing (another process removed it) is skipped; no folder yet: none.
 */
export async function listStoredFiles(dir: string): Promise<StoredFileEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: StoredFileEntry[] = [];
  for (const name of names) {
    const match = STORED_FILE_NAME.exec(name);
    if (!match) continue;
    try {
      const stats = await lstat(path.join(dir, name));
      if (!stats.isFile()) continue;
      entries.push({ name, id: match[1]!, isPartial: Boolean(match[2]), modifiedAt: stats.mtime });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return entries;
}

/** Deletes one listed file; already gone (another process swept it) is fine. */
export async function removeStoredFileEntry(dir: string, entry: StoredFileEntry): Promise<void> {
  await rm(path.join(dir, entry.name), { force: true });
}

export function documentPath(dir: string, id: string): string {
  return path.join(dir, id);
}

export function openDocument(dir: string, id: string): ReadStream {
  return createReadStream(documentPath(dir, id));
}

export async function removeDocumentFile(dir: string, id: string): Promise<void> {
  await rm(documentPath(dir, id), { force: true });
}

/**
 * The name a person gave the file, made safe to store and show: no folders, no control
 * characters, no bidirectional controls, at most 255 characters (keeping the extension).
 *
 * The bidirectional controls are removed rather than the upload refused (ADR 012): with
 * them "invoice\u202Efdp.exe" shows as "invoiceexe.pdf" but saves as "…fdp.exe"; without them
 * the name shows as what it is. Cutting a long name must not split a surrogate pair either: the
 * lone half would become U+FFFD in the row and fail the audit row's json.
 */
export function cleanFileName(name: string | undefined): string {
  const base = withoutLoneSurrogates(
    withoutDirectionControls(path.basename((name ?? '').replace(/\\/g, '/'))),
  )
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, '')
    .trim();
  const cleaned = base === '' || base === '.' || base === '..' ? 'document' : base;
  if (cleaned.length <= CASE_LIMITS.fileNameMax) return cleaned;
  const extension = withoutLoneSurrogates(path.extname(cleaned).slice(0, 20));
  return (
    withoutLoneSurrogates(cleaned.slice(0, CASE_LIMITS.fileNameMax - extension.length)) + extension
  );
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the real one in RFC 5987's
 * `filename*` (so "Hati ya Kiapo – Wanjiru.pdf" downloads under its own name).
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** What a download needs to know of a stored file (a case document or a message attachment). */
export interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
}

/**
 * Streams a stored file as a download: its stored type, never sniffed, under its own (safe) name,
 * and not kept by any cache, since only those who may see it get it.
 */
export function sendStoredFile(reply: FastifyReply, dir: string, file: StoredFile) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', attachmentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(openDocument(dir, file.id));
}

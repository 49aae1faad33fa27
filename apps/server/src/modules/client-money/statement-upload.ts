import { Transform, type TransformCallback } from 'node:stream';

/**
 * The bytes of an uploaded statement, checked as they pass to the CSV reader (ADR 046): a
 * statement is UTF-8 text, so bytes that are not UTF-8 anywhere in the file, or control codes in its
 * first 8 KB where a binary file shows them (the test lib/file-storage.ts applies to documents),
 * stop the read. The file is never buffered whole.
 */
export class StatementBytesCheck extends Transform {
  /** Set when the bytes are not a text file; the stream then fails. */
  notText = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private seen = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    try {
      const text = this.decoder.decode(chunk, { stream: true });
      if (this.seen < SNIFF_BYTES && CONTROL_CODES.test(text.slice(0, SNIFF_BYTES - this.seen))) {
        return callback(this.refuse());
      }
    } catch {
      return callback(this.refuse());
    }
    this.seen += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    try {
      this.decoder.decode();
    } catch {
      return callback(this.refuse());
    }
    callback();
  }

  private refuse(): Error {
    this.notText = true;
    return new Error('not a text file');
  }
}

const SNIFF_BYTES = 8192;
// eslint-disable-next-line no-control-regex -- control characters (NUL above all) mark a binary file
const CONTROL_CODES = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

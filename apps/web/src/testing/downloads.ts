import { vi } from 'vitest';

export interface SavedFile {
  name: string;
  type: string;
}

/**
 * Records the files the app hands to the browser (lib/file-transfer.ts saveBlob: an object URL and
 * a clicked download link), which jsdom cannot save. Call `restore` when the test ends.
 */
export function captureDownloads() {
  const saved: SavedFile[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push({ name: '', type: blob.type });
    return 'blob:saved';
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved[saved.length - 1]!.name = this.download;
  });
  return {
    saved,
    restore() {
      click.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    },
  };
}

import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadSuperKey, SUPER_KEY_FILE } from './super-key';

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('the advocate super key', () => {
  it('is ADVOCATE_SUPER_KEY when set, and no file is written', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'firm-key-'));
    const { logger } = recordingLogger();
    expect(loadSuperKey({ configured: 'configured-key-123', dataDir }, logger)).toBe(
      'configured-key-123',
    );
    expect(() => statSync(path.join(dataDir, SUPER_KEY_FILE))).toThrow();
  });

  it('is generated once into DATA_DIR/advocate-super-key (mode 0600), logged by place only', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'firm-key-'));
    const { logger, lines } = recordingLogger();
    const key = loadSuperKey({ configured: undefined, dataDir }, logger);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const file = path.join(dataDir, SUPER_KEY_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines.some((line) => line.file === file)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(key);

    // The next start reads the same key.
    expect(loadSuperKey({ configured: undefined, dataDir }, recordingLogger().logger)).toBe(key);
  });
});

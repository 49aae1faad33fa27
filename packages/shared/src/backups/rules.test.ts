import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from '../audit/audit-texts';
import { backupSizeText, backupWhenInWords, nextBackupAt } from './rules';

describe('nextBackupAt', () => {
  it('is the next start of the hour on a Nairobi clock', () => {
    // 08:00 UTC is 11:00 in Nairobi: 02:00 is tonight, 23:00 UTC.
    expect(nextBackupAt(2, new Date('2026-12-07T08:00:00Z')).toISOString()).toBe(
      '2026-12-07T23:00:00.000Z',
    );
    // 22:30 UTC is 01:30 on the 8th in Nairobi: 02:00 is half an hour away.
    expect(nextBackupAt(2, new Date('2026-12-07T22:30:00Z')).toISOString()).toBe(
      '2026-12-07T23:00:00.000Z',
    );
    // Exactly at the hour: the next one is a day later.
    expect(nextBackupAt(2, new Date('2026-12-07T23:00:00Z')).toISOString()).toBe(
      '2026-12-08T23:00:00.000Z',
    );
    expect(nextBackupAt(14, new Date('2026-12-07T08:00:00Z')).toISOString()).toBe(
      '2026-12-07T11:00:00.000Z',
    );
  });
});

describe('backupWhenInWords', () => {
  const now = new Date('2026-12-07T08:00:00Z'); // Mon 7 Dec, 11:00 in Nairobi
  it('says today, yesterday or tomorrow in Nairobi, else the date', () => {
    expect(backupWhenInWords('2026-12-06T23:00:00Z', now)).toBe('today at 02:00');
    expect(backupWhenInWords('2026-12-06T20:59:00Z', now)).toBe('yesterday at 23:59');
    expect(backupWhenInWords('2026-12-07T23:00:00Z', now)).toBe('tomorrow at 02:00');
    expect(backupWhenInWords('2026-12-01T23:00:00Z', now)).toBe('Wed 2 Dec 2026, 02:00');
  });
});

describe('backupSizeText', () => {
  it('reads megabytes with one decimal', () => {
    expect(backupSizeText(13_002_342)).toBe('12.4 MB');
    expect(backupSizeText(1024)).toBe('under 0.1 MB');
    expect(backupSizeText(1_288_490_189)).toBe('1,228.8 MB');
  });
});

describe('the audit log’s sentences of backups', () => {
  const base = { target: null, details: {} };
  it('says who started it, or the server', () => {
    expect(
      describeAuditEntry({
        ...base,
        action: 'backup.succeeded',
        actor: null,
        details: { file: 'firm-backup-2026-12-06T23-00-00-000Z.backup' },
      }).text,
    ).toBe('The server backed up the firm’s data to firm-backup-2026-12-06T23-00-00-000Z.backup');
    expect(
      describeAuditEntry({
        ...base,
        action: 'backup.failed',
        actor: { id: 'u1', name: 'Achieng Mwamba', email: '' },
        details: { error: 'The disk is full' },
      }).text,
    ).toBe('A backup of the firm’s data started by Achieng Mwamba failed: The disk is full');
    expect(
      describeAuditEntry({
        ...base,
        action: 'backup.schedule_changed',
        actor: { id: 'u1', name: 'Achieng Mwamba', email: '' },
        details: { hour: 4 },
      }).text,
    ).toBe('Achieng Mwamba moved the nightly backup to 04:00');
  });
});

import { describe, expect, it } from 'vitest';
import { auditActionLabel, describeAuditEntry } from '../audit/audit-texts';

/** Passkeys in the audit log's words (ADR 037, "Passkeys"). */
describe('passkey actions in the audit log', () => {
  const achieng = { id: 'u-1', name: 'Achieng Mwamba', email: 'achieng@firm.test' };
  const entry = (action: string, details: Record<string, unknown>) => ({
    action,
    actor: achieng,
    target: achieng,
    details,
  });

  it('reads each with the passkey’s name, and without one when it is missing', () => {
    expect(describeAuditEntry(entry('passkey.added', { name: 'Pixel 8' })).text).toBe(
      'Achieng Mwamba added a passkey (“Pixel 8”)',
    );
    expect(describeAuditEntry(entry('passkey.renamed', { name: 'Work laptop' })).text).toBe(
      'Achieng Mwamba renamed a passkey to “Work laptop”',
    );
    expect(describeAuditEntry(entry('passkey.removed', {})).text).toBe(
      'Achieng Mwamba removed a passkey',
    );
    expect(auditActionLabel('passkey.added')).toBe('Added a passkey');
    expect(auditActionLabel('passkey.removed')).toBe('Removed a passkey');
  });
});

import { describe, expect, it } from 'vitest';
import { CASE_LIMITS } from '@firm/shared';
import { attachmentDisposition, cleanFileName } from './file-storage';

describe('cleanFileName', () => {
  it('removes every bidirectional control, so a name shows as what it saves as', () => {
    // Shown as "invoiceexe.pdf", saved as "invoicefdp.exe".
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const controls = '\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(cleanFileName(`a${controls}b.pdf`)).toBe('ab.pdf');
  });

  it('keeps right-to-left letters and other languages', () => {
    expect(cleanFileName('عقد الإيجار.pdf')).toBe('عقد الإيجار.pdf');
    expect(cleanFileName('Hati ya Kiapo – Otieno.pdf')).toBe('Hati ya Kiapo – Otieno.pdf');
  });

  it('drops folders and control characters, and names an empty name "document"', () => {
    expect(cleanFileName('C:\\Users\\x\\..\\plaint\u0000.pdf')).toBe('plaint.pdf');
    expect(cleanFileName('\u202E')).toBe('document');
    expect(cleanFileName(undefined)).toBe('document');
  });

  it('cuts a long name without splitting a surrogate pair, keeping the extension', () => {
    const stemLength = CASE_LIMITS.fileNameMax - '.pdf'.length;
    // The cut falls between the two halves of the last emoji.
    const name = `${'a'.repeat(stemLength - 1)}🙏🙏.pdf`;
    const cleaned = cleanFileName(name);
    expect(cleaned).toBe(`${'a'.repeat(stemLength - 1)}.pdf`);
    expect(() => attachmentDisposition(cleaned)).not.toThrow();
  });
});

import { formatNairobiDay } from '../common/dates';

/**
 * KRA's receipt as people read it (ADR 049, "What people see"): the address KRA's invoice check
 * opens at, and KRA's date and time in the same words as the rest of the product.
 */

/**
 * KRA's invoice check: the address a fee note's QR code opens, the firm's PIN, its branch and
 * KRA's signature of the receipt run together (ADR 049 records where the format comes from).
 */
export const ETIMS_VERIFY_BASE =
  'https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData';

export function etimsVerificationUrl(pin: string, branchId: string, rcptSign: string): string {
  return `${ETIMS_VERIFY_BASE}?Data=${encodeURIComponent(`${pin}${branchId}${rcptSign}`)}`;
}

const OSCU_DATE_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/**
 * KRA's `sdcDateTime` (`yyyyMMddHHmmss`, Nairobi time, as OSCU writes it) as "Mon 7 Dec 2026,
 * 10:15:04"; anything else KRA sends is shown as KRA sent it.
 */
export function formatOscuDateTime(text: string): string {
  const parts = OSCU_DATE_TIME.exec(text);
  if (!parts) return text;
  const [, year, month, date, hours, minutes, seconds] = parts;
  return `${formatNairobiDay(`${year}-${month}-${date}`)}, ${hours}:${minutes}:${seconds}`;
}

// Plain data and functions: the migration seeds the same table (apps/server/drizzle/0046), the
// firm edits it in System Settings, and this list is what a fresh install starts from (ADR 051).
import { lastDayOfPeriod, type HolidayCheck, type Period } from './day-count';

/** One row of the firm's table of limitation periods: a kind of claim, its period and its source. */
export interface LimitationPeriod extends Period {
  kind: string;
  label: string;
  /** The section the period comes from, cited as the Act is cited. */
  source: string;
  /** A notice that must be given before suing (claims against the government), or null. */
  notice: string | null;
}

const LAA = 'Limitation of Actions Act (Cap 22)';
const PALA = 'Public Authorities Limitation Act (Cap 39)';
// The High Court has held section 13A unconstitutional (Absa Bank v KDIC, Sifuna J); until that is
// settled on appeal the notice is still worth giving, so the row says both (docs/product-rules.md).
const GOVERNMENT_NOTICE =
  'Government Proceedings Act (Cap 40), section 13A: 30 days’ written notice to the Attorney-General before filing. The High Court has held this section unconstitutional; check the current position.';

/** The periods a fresh install starts with; the firm corrects or adds to them in System Settings. */
export const LIMITATION_PERIOD_SEED: readonly LimitationPeriod[] = [
  {
    kind: 'contract',
    label: 'Contract',
    amount: 6,
    unit: 'years',
    source: `${LAA}, section 4(1)(a)`,
    notice: null,
  },
  {
    kind: 'tort',
    label: 'Tort',
    amount: 3,
    unit: 'years',
    source: `${LAA}, section 4(2)`,
    notice: null,
  },
  {
    kind: 'defamation',
    label: 'Defamation (libel or slander)',
    amount: 12,
    unit: 'months',
    source: `${LAA}, section 4(2), proviso`,
    notice: null,
  },
  {
    kind: 'personal_injury',
    label: 'Personal injury',
    amount: 3,
    unit: 'years',
    source: `${LAA}, section 4(2); the court may extend it under section 27`,
    notice: null,
  },
  {
    kind: 'account',
    label: 'An account',
    amount: 6,
    unit: 'years',
    source: `${LAA}, section 4(3)`,
    notice: null,
  },
  {
    kind: 'judgment',
    label: 'Enforcing a judgment',
    amount: 12,
    unit: 'years',
    source: `${LAA}, section 4(4)`,
    notice: null,
  },
  {
    kind: 'penalty',
    label: 'A penalty or forfeiture under a written law',
    amount: 2,
    unit: 'years',
    source: `${LAA}, section 4(5)`,
    notice: null,
  },
  {
    kind: 'land',
    label: 'Recovery of land',
    amount: 12,
    unit: 'years',
    source: `${LAA}, section 7`,
    notice: null,
  },
  {
    kind: 'employment',
    label: 'Employment claim',
    amount: 3,
    unit: 'years',
    source: 'Employment Act, 2007, section 90',
    notice: null,
  },
  {
    kind: 'government_tort',
    label: 'Tort against the government or a county',
    amount: 12,
    unit: 'months',
    source: `${PALA}, section 3(1)`,
    notice: GOVERNMENT_NOTICE,
  },
  {
    kind: 'government_contract',
    label: 'Contract with the government or a county',
    amount: 3,
    unit: 'years',
    source: `${PALA}, section 3(2)`,
    notice: GOVERNMENT_NOTICE,
  },
];

/** What POST /cases/{id}/limitation answers with, before the deadline it creates. */
export interface LimitationAnswer {
  lastDay: string;
  rule: string;
  source: string;
  notice: string | null;
}

/** The last day to file for a cause of action of `period`'s kind that accrued on `causeDate`. */
export function limitationLastDay(
  period: LimitationPeriod,
  causeDate: string,
  isHoliday: HolidayCheck,
): LimitationAnswer {
  const unit = period.amount === 1 ? period.unit.slice(0, -1) : period.unit;
  return {
    lastDay: lastDayOfPeriod(causeDate, period, isHoliday),
    rule: `${period.label}: ${period.amount} ${unit} from the day the cause of action arose`,
    source: period.source,
    notice: period.notice,
  };
}

/** Days before the last day on which the advocate is warned (product rules, "Limitation periods"). */
export const LIMITATION_WARNING_DAYS = [90, 30, 7] as const;

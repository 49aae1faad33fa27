import {
  AGEING_DAYS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  REPORT_AGEING,
  REPORT_SECTION_TEXTS,
  REPORT_TEXTS as T,
  addDays,
  reportLinks,
  type ReportAgeing,
  type ReportSection,
} from '@firm/shared';
import { userNamesByIds } from '../users/user-lookups.repository';
import {
  appointmentFees,
  collectedByMethod,
  feeNoteSums,
  owedByClient,
} from './reports.repository';
import {
  NOW_COLUMNS,
  PERIOD_COLUMNS,
  cell,
  periodRow,
  totalRow,
  type ReportContext,
} from './report-kit';

const S = REPORT_SECTION_TEXTS.money;
/** Clients listed by what they owe. */
const CLIENTS_SHOWN = 20;

/**
 * The days an ageing bucket covers, counted back from `today`: issued (or met) from `from` to
 * `to`. The newest bucket of appointment fees runs on into the future (a fee owed for a meeting
 * still to come is not yet old).
 */
function ageingDays(bucket: ReportAgeing, today: string, openEnded: boolean) {
  const { min, max } = AGEING_DAYS[bucket];
  return {
    from: max === null ? undefined : addDays(today, -max),
    to: min === 0 && openEnded ? undefined : addDays(today, -min),
  };
}

/**
 * Money: what was billed (fee notes issued, appointment fees), what came in by method (M-Pesa
 * apart), and what is owed now by age and by client. Cancelled fee notes and appointments bill
 * nothing.
 */
export async function moneyReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { db, range, previous, today } = ctx;
  const periods = [range, previous] as const;
  const [billedNotes, billedFees, collected, markedPaid, owedNotes, owedFees, byClient] =
    await Promise.all([
      Promise.all(
        periods.map((p) =>
          feeNoteSums(db, { status: 'billed', issuedFrom: p.from, issuedTo: p.to }, today),
        ),
      ),
      Promise.all(
        // Billed when booked (the fee is asked then, and may be paid at once), not on the
        // meeting's day: else a fee paid this month for a meeting next month was collected and
        // owed before it was ever billed.
        periods.map((p) =>
          appointmentFees(db, { bookedFrom: p.from, bookedTo: p.to, fee: 'charged' }),
        ),
      ),
      Promise.all(periods.map((p) => collectedByMethod(db, p))),
      Promise.all(
        periods.map((p) =>
          appointmentFees(db, { paidFrom: p.from, paidTo: p.to, receipt: 'none' }),
        ),
      ),
      Promise.all(
        REPORT_AGEING.map((bucket) => {
          const days = ageingDays(bucket, today, false);
          return feeNoteSums(
            db,
            { status: 'outstanding', issuedFrom: days.from, issuedTo: days.to },
            today,
          );
        }),
      ),
      Promise.all(
        REPORT_AGEING.map((bucket) => {
          const days = ageingDays(bucket, today, true);
          return appointmentFees(db, { payment: 'pending', from: days.from, to: days.to });
        }),
      ),
      owedByClient(db, CLIENTS_SHOWN),
    ]);
  const names = await userNamesByIds(
    db,
    byClient.map((row) => row.clientId),
  );

  const billedRows = [
    periodRow(
      'fee-notes',
      S.feeNotesIssued,
      [billedNotes[0]!.totalKsh, billedNotes[1]!.totalKsh],
      [
        reportLinks.feeNotes({ status: 'billed', issuedFrom: range.from, issuedTo: range.to }),
        reportLinks.feeNotes({
          status: 'billed',
          issuedFrom: previous.from,
          issuedTo: previous.to,
        }),
      ],
    ),
    periodRow(
      'appointment-fees',
      S.appointmentFees,
      [billedFees[0]!, billedFees[1]!],
      [
        reportLinks.appointments({ bookedFrom: range.from, bookedTo: range.to, fee: 'charged' }),
        reportLinks.appointments({
          bookedFrom: previous.from,
          bookedTo: previous.to,
          fee: 'charged',
        }),
      ],
    ),
  ];
  const collectedRows = [
    ...PAYMENT_METHODS.map((method) =>
      periodRow(
        method,
        PAYMENT_METHOD_LABELS[method],
        [collected[0]!.get(method) ?? 0, collected[1]!.get(method) ?? 0],
        [
          reportLinks.payments({ method, from: range.from, to: range.to }),
          reportLinks.payments({ method, from: previous.from, to: previous.to }),
        ],
      ),
    ),
    periodRow(
      'marked-paid',
      S.markedPaid,
      [markedPaid[0]!, markedPaid[1]!],
      [
        reportLinks.appointments({ paidFrom: range.from, paidTo: range.to, receipt: 'none' }),
        reportLinks.appointments({
          paidFrom: previous.from,
          paidTo: previous.to,
          receipt: 'none',
        }),
      ],
    ),
  ];
  const ageingRows = [
    {
      key: 'fee-notes',
      label: S.feeNotesOwed,
      cells: REPORT_AGEING.map((bucket, i) => {
        const days = ageingDays(bucket, today, false);
        return cell(
          owedNotes[i]!.owedKsh,
          reportLinks.feeNotes({ status: 'outstanding', issuedFrom: days.from, issuedTo: days.to }),
        );
      }),
    },
    {
      key: 'appointment-fees',
      label: S.appointmentFeesOwed,
      cells: REPORT_AGEING.map((bucket, i) => {
        const days = ageingDays(bucket, today, true);
        return cell(
          owedFees[i]!,
          reportLinks.appointments({ payment: 'pending', from: days.from, to: days.to }),
        );
      }),
    },
  ];

  return [
    {
      key: 'billed',
      title: S.billed,
      unit: 'ksh',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [...billedRows, totalRow(billedRows)],
    },
    {
      key: 'collected',
      title: S.collected,
      unit: 'ksh',
      chart: 'bar',
      columns: PERIOD_COLUMNS,
      rows: [...collectedRows, totalRow(collectedRows)],
    },
    {
      key: 'outstanding',
      title: S.outstanding,
      unit: 'ksh',
      chart: 'stacked',
      columns: REPORT_AGEING.map((bucket) => ({ key: bucket, label: bucket })),
      rows: [...ageingRows, totalRow(ageingRows)],
    },
    {
      key: 'by-client',
      title: S.byClient,
      unit: 'ksh',
      chart: 'bar',
      columns: NOW_COLUMNS,
      rows: byClient.map((row) => ({
        key: row.clientId,
        label: names.get(row.clientId) ?? T.unknownPerson,
        cells: [
          cell(row.owedKsh, reportLinks.feeNotes({ client: row.clientId, status: 'outstanding' })),
        ],
      })),
    },
  ];
}

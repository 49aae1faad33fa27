import {
  CLIENT_MONEY_PACK_TEXTS as T,
  PRACTICE_YEAR_MIN,
  practiceYearDays,
  type PracticeYearCsvPart,
} from '@firm/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useMoneyAccounts } from '../../../components/client-money/client-money-requests';
import { DownloadButton } from '../../../components/ui/download-button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { downloadPracticeYearCsv, downloadPracticeYearPdf } from '../api/practice-year-pack';

/** The last day a year's pack can show: 31 December, or today in the year running. */
const lastDayOf = (year: number, today: string) => {
  const { last } = practiceYearDays(year);
  return last < today ? last : today;
};

/** A toast while the file comes and when it has; the button's own toast says why it failed. */
async function withToasts(download: () => Promise<void>) {
  const id = toast.loading(T.downloading);
  try {
    await download();
    toast.success(T.downloaded, { id });
  } catch (error) {
    toast.dismiss(id);
    throw error;
  }
}

const CSV_BUTTONS: ReadonlyArray<[Exclude<PracticeYearCsvPart, 'balances.csv'>, string]> = [
  ['journal.csv', T.downloadJournal],
  ['ledgers.csv', T.downloadLedgers],
  ['reconciliations.csv', T.downloadReconciliations],
];

/**
 * Reports › Client money › Practice-year pack (docs/product-rules.md#client-money): a year, from
 * the firm's first client-money year (its earliest account's opening) to this one, and its PDF
 * and CSVs for the accountant. Shown to those who see the Client money report.
 */
export function PracticeYearPack({ today }: { today: string }) {
  const thisYear = Number(today.slice(0, 4));
  const accounts = useMoneyAccounts();
  const opened = (accounts.data ?? []).map((account) => Number(account.openingDate.slice(0, 4)));
  const firstYear = Math.max(PRACTICE_YEAR_MIN, Math.min(thisYear, ...opened));
  const years = Array.from({ length: thisYear - firstYear + 1 }, (_, i) => thisYear - i);
  const [year, setYear] = useState(thisYear);
  const [asOf, setAsOf] = useState(() => lastDayOf(thisYear, today));

  const { first } = practiceYearDays(year);
  const asOfProblem = !asOf
    ? T.asOfInvalid
    : asOf < first
      ? T.asOfBeforeYear(year)
      : asOf > today
        ? T.asOfInFuture
        : undefined;

  return (
    <section
      aria-labelledby="practice-year-pack-title"
      className="mt-10 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      data-print-hidden
    >
      <h2 id="practice-year-pack-title" className="text-xl font-bold text-brand-900">
        {T.sectionTitle}
      </h2>
      <p className="mt-1 text-slate-700">{T.sectionIntro}</p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div className="w-40">
          <SelectField
            label={T.yearLabel}
            value={String(year)}
            onChange={(event) => {
              const next = Number(event.target.value);
              setYear(next);
              setAsOf(lastDayOf(next, today));
            }}
          >
            {years.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </SelectField>
        </div>
        <DownloadButton
          variant="primary"
          download={() => withToasts(() => downloadPracticeYearPdf(year))}
          loadingText={T.downloading}
          failedText={T.downloadFailed}
        >
          {T.downloadPdf}
        </DownloadButton>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        {CSV_BUTTONS.map(([part, label]) => (
          <DownloadButton
            key={part}
            variant="secondary"
            download={() => withToasts(() => downloadPracticeYearCsv(year, part))}
            loadingText={T.downloading}
            failedText={T.downloadFailed}
          >
            {label}
          </DownloadButton>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-start gap-2">
        <div className="w-48">
          <TextField
            type="date"
            label={T.asOfLabel}
            value={asOf}
            min={first}
            max={today}
            error={asOfProblem}
            onChange={(event) => setAsOf(event.target.value)}
          />
        </div>
        <DownloadButton
          className="sm:mt-6"
          variant="secondary"
          disabled={asOfProblem !== undefined}
          download={() => withToasts(() => downloadPracticeYearCsv(year, 'balances.csv', asOf))}
          loadingText={T.downloading}
          failedText={T.downloadFailed}
        >
          {T.downloadBalances}
        </DownloadButton>
      </div>
    </section>
  );
}

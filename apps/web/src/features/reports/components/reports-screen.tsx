import {
  DENIED_TEXTS,
  REPORT_DESCRIPTIONS,
  REPORT_KINDS,
  REPORT_TEXTS as T,
  REPORT_TITLES,
  nairobiToday,
  presetRange,
  previousRange,
  can,
  reportAction,
  type DayRange,
  type PublicUser,
  type ReportKind,
} from '@firm/shared';
import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { AccessDenied, ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { errorText } from '../../../lib/api-client';
import { downloadReportCsv } from '../api/download-report-csv';
import { useReport } from '../api/get-report';
import { RangePicker } from './range-picker';
import { ReportPicker } from './report-picker';
import { PracticeYearPack } from './practice-year-pack';
import { periodLine, rangeProblem } from './report-format';
import { ReportSectionView } from './report-section';

const isReportKind = (value: string | null): value is ReportKind =>
  (REPORT_KINDS as readonly (string | null)[]).includes(value);

/**
 * /reports?report=caseload&from=YYYY-MM-DD&to=YYYY-MM-DD (docs/product-rules.md#reports): the report
 * and its period live in the address, so a reload, Back or a shared link shows the same figures.
 * Without them: Caseload, this month in Nairobi. The route guard has already turned away those
 * who may not (reports:view).
 */
export function ReportsScreen({ actor }: { actor: PublicUser }) {
  const [params, setParams] = useSearchParams();
  // Nairobi's day, whatever the device's zone: the presets are the firm's months.
  const [today] = useState(() => nairobiToday());
  const report = params.get('report');
  const kind = isReportKind(report) ? report : 'caseload';
  const thisMonth = presetRange('this_month', today);
  const asked: DayRange = {
    from: params.get('from') ?? thisMonth.from,
    to: params.get('to') ?? thisMonth.to,
  };
  // A range the server would refuse asks for nothing: the picker says what is wrong.
  const range = rangeProblem(asked) ? null : asked;
  // The Money report takes Billing's toggle too: offered, and asked for, only to those who may.
  const mayRead = can(actor, reportAction(kind));
  const kinds = REPORT_KINDS.filter((each) => can(actor, reportAction(each)));
  const query = useReport(kind, mayRead ? range : null);
  const [isDownloading, setDownloading] = useState(false);

  const searchFor = (next: ReportKind) => {
    const search = new URLSearchParams(params);
    search.set('report', next);
    return `?${search.toString()}`;
  };
  const showRange = (next: DayRange) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        search.set('report', kind);
        search.set('from', next.from);
        search.set('to', next.to);
        return search;
      },
      { preventScrollReset: true },
    );

  const download = async () => {
    if (!range) return;
    setDownloading(true);
    try {
      await downloadReportCsv(kind, range);
    } catch (error) {
      toast.error(errorText(error, T.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  // The figures' own period once they come (the server's word), the one asked for meanwhile.
  const shown = query.data?.kind === kind ? query.data : null;
  const period = shown?.range ?? range;
  const previous = shown?.previousRange ?? (range ? previousRange(range) : null);

  return (
    <>
      <PageHeading title={T.title}>{T.subtitle}</PageHeading>
      <div data-report-screen className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <ReportPicker kinds={kinds} current={kind} searchFor={searchFor} />
        <div className="mt-6 flex flex-wrap items-start justify-between gap-4" data-print-hidden>
          <RangePicker
            key={`${asked.from}|${asked.to}`}
            range={asked}
            today={today}
            onChange={showRange}
          />
          <div className="flex flex-wrap gap-2 sm:mt-6">
            <Button
              variant="secondary"
              onClick={() => void download()}
              disabled={!range}
              isLoading={isDownloading}
            >
              <Download aria-hidden="true" className="size-4" />
              {T.exportCsv}
            </Button>
            <Button variant="neutral" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" />
              {T.print}
            </Button>
          </div>
        </div>

        <section aria-labelledby="report-title" className="mt-8">
          <h2 id="report-title" className="text-xl font-bold text-brand-900">
            {REPORT_TITLES[kind]}
          </h2>
          <p className="mt-1 text-slate-700">{REPORT_DESCRIPTIONS[kind]}</p>
          {period && previous ? (
            <p className="mt-2 font-medium text-slate-900">{periodLine(period, previous)}</p>
          ) : null}
          {/* Another period of the same report: its last figures stay while the new ones come. */}
          <p role="status" className="mt-1 h-5 text-sm text-slate-600" data-print-hidden>
            {query.isPlaceholderData ? T.updating : ''}
          </p>
          {!mayRead ? (
            <div className="mt-6">
              <AccessDenied message={DENIED_TEXTS[reportAction(kind)]} />
            </div>
          ) : range ? (
            <div className="mt-6" aria-busy={query.isFetching}>
              <ListResults query={query} loadingLabel={T.loading} failedText={T.loadFailed}>
                {(data) => (
                  <div className="grid gap-6">
                    {data.sections.map((section) => (
                      <ReportSectionView key={section.key} section={section} />
                    ))}
                  </div>
                )}
              </ListResults>
            </div>
          ) : null}
        </section>
        {/* The accountant's pack takes what the Client money report takes (ADR 045). */}
        {kind === 'client-money' && mayRead ? <PracticeYearPack today={today} /> : null}
      </div>
    </>
  );
}

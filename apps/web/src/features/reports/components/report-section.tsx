import { REPORT_TEXTS as T, type ReportSection } from '@firm/shared';
import { lazy, Suspense, useId } from 'react';
import { chartHeight, chartSeriesOf, hasBars, isEmptySection } from './report-format';
import { ReportTable } from './report-table';

// Chart.js comes with the first chart, in a chunk of its own that only this screen loads: the
// figures' tables are on screen without waiting for it, and no other page downloads it.
const ReportChart = lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChart })));

/**
 * One section of a report: its title and note, then its chart beside its table (the table under
 * the chart where many columns need the width: months, weeks), or that the period has nothing.
 */
export function ReportSectionView({ section }: { section: ReportSection }) {
  const titleId = useId();
  // No bar to draw (a share of 0% in both periods): the table says it plainly.
  const hasChart = section.chart !== 'none' && hasBars(section);
  const isWide = section.columns.length > 2;
  return (
    <section
      aria-labelledby={titleId}
      data-report-section
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 id={titleId} className="text-base font-semibold text-brand-900">
        {section.title}
      </h3>
      {section.note ? <p className="mt-1 text-sm text-slate-600">{section.note}</p> : null}
      {isEmptySection(section) ? (
        <p className="mt-3 text-sm text-slate-700">
          {/* A section of figures as of now is not about the chosen period. */}
          {section.columns.every((column) => column.key === 'now') ? T.noDataNow : T.noData}
        </p>
      ) : (
        <div
          data-report-figures
          className={`mt-4 grid min-w-0 gap-6 ${hasChart && !isWide ? 'lg:grid-cols-2 lg:items-start' : ''}`}
        >
          {hasChart ? (
            // Charts are left off paper: the table prints every figure.
            <div className="min-w-0" data-print-hidden>
              <Suspense
                fallback={
                  <div
                    aria-hidden="true"
                    className="w-full animate-pulse rounded-md bg-slate-100"
                    style={{ height: chartHeight(chartSeriesOf(section)) }}
                  />
                }
              >
                <ReportChart section={section} />
              </Suspense>
            </div>
          ) : null}
          <ReportTable section={section} />
        </div>
      )}
    </section>
  );
}

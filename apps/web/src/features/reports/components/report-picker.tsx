import { REPORT_TEXTS as T, REPORT_TITLES, type ReportKind } from '@firm/shared';
import { Link } from 'react-router';

/**
 * The five reports, as links that keep the period chosen: each is an address of its own (Back
 * returns to the last one, a link can be shared), the one shown marked as the current page. They
 * wrap onto a second line on a phone rather than scroll out of sight.
 */
export function ReportPicker({
  kinds,
  current,
  searchFor,
}: {
  /** The reports this reader may open (the Money report takes Billing's toggle too). */
  kinds: readonly ReportKind[];
  current: ReportKind;
  searchFor: (kind: ReportKind) => string;
}) {
  return (
    <nav aria-label={T.pickerLabel} data-print-hidden>
      <ul className="flex flex-wrap gap-2">
        {kinds.map((kind) => {
          const isCurrent = kind === current;
          return (
            <li key={kind}>
              <Link
                to={{ search: searchFor(kind) }}
                preventScrollReset
                aria-current={isCurrent ? 'page' : undefined}
                className={`inline-flex items-center rounded-full border px-3 py-1.5 text-sm sm:px-4 font-semibold whitespace-nowrap ${
                  isCurrent
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-brand-50 hover:text-brand-800'
                }`}
              >
                {REPORT_TITLES[kind]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

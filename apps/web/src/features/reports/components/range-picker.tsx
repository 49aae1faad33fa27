import {
  REPORT_PRESETS,
  REPORT_PRESET_LABELS,
  REPORT_TEXTS as T,
  presetRange,
  type DayRange,
  type ReportPreset,
} from '@firm/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { SelectField } from '../../../components/ui/select-field';
import { rangeProblem } from './report-format';

/** The preset whose days `range` is, seen from `today`; else the range is a custom one. */
export function presetOf(range: DayRange, today: string): ReportPreset {
  return (
    REPORT_PRESETS.find((preset) => {
      if (preset === 'custom') return false;
      const days = presetRange(preset, today);
      return days.from === range.from && days.to === range.to;
    }) ?? 'custom'
  );
}

/**
 * The period of the report: a preset shows at once; Custom shows two dates and Show, and a range
 * the server would refuse (the start after the end, more than five years, a date not written
 * YYYY-MM-DD) is said beside the date at fault and asks for nothing. A range in the address that
 * is wrong opens here the same way. Keyed by the range shown, so the address changing (Back)
 * starts it afresh.
 */
export function RangePicker({
  range,
  today,
  onChange,
}: {
  range: DayRange;
  today: string;
  onChange: (range: DayRange) => void;
}) {
  const initialProblem = rangeProblem(range);
  const [preset, setPreset] = useState<ReportPreset>(
    initialProblem ? 'custom' : presetOf(range, today),
  );
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState(initialProblem);

  const choose = (next: ReportPreset) => {
    setPreset(next);
    setProblem(null);
    if (next !== 'custom') onChange(presetRange(next, today));
  };

  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) onChange(draft);
  };

  const errorOf = (field: 'from' | 'to') =>
    problem?.field === field ? problem.message : undefined;
  return (
    <form noValidate onSubmit={show} className="flex w-full flex-wrap items-start gap-3 sm:w-auto">
      <div className="w-full sm:w-auto">
        <SelectField
          label={T.rangeLabel}
          value={preset}
          onChange={(event) => choose(event.target.value as ReportPreset)}
        >
          {REPORT_PRESETS.map((option) => (
            <option key={option} value={option}>
              {REPORT_PRESET_LABELS[option]}
            </option>
          ))}
        </SelectField>
      </div>
      {preset === 'custom' ? (
        <>
          <div data-date-field className="min-w-0">
            <DateField
              label={T.fromLabel}
              value={draft.from}
              onChange={(value) => setDraft({ ...draft, from: value })}
              error={errorOf('from')}
            />
          </div>
          <div data-date-field className="min-w-0">
            <DateField
              label={T.toLabel}
              value={draft.to}
              onChange={(value) => setDraft({ ...draft, to: value })}
              error={errorOf('to')}
            />
          </div>
          {/* Level with the inputs: the label's line above it is empty. */}
          <Button type="submit" className="mt-6">
            {T.apply}
          </Button>
        </>
      ) : null}
    </form>
  );
}

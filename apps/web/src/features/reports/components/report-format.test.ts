import type { ReportSection } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import {
  chartSeriesOf,
  formatFigure,
  highestFigure,
  isEmptySection,
  unbroken,
  periodLine,
  periodWords,
  rangeProblem,
} from './report-format';
import { aReport, emptySection, openAtEnd } from './reports-test-data';

describe('the Reports screen’s words', () => {
  it('writes a period with its month and year said once', () => {
    expect(periodWords({ from: '2026-11-01', to: '2026-11-30' })).toBe('1 – 30 Nov 2026');
    expect(periodWords({ from: '2026-10-01', to: '2026-12-31' })).toBe('1 Oct – 31 Dec 2026');
    expect(periodWords({ from: '2025-11-01', to: '2026-01-31' })).toBe('1 Nov 2025 – 31 Jan 2026');
    expect(periodWords({ from: '2026-11-15', to: '2026-11-15' })).toBe('15 Nov 2026');
    // Each period is unbroken: a narrow screen wraps it whole.
    expect(
      periodLine(
        { from: '2026-11-01', to: '2026-11-30' },
        { from: '2026-10-01', to: '2026-10-31' },
      ),
    ).toBe(`${unbroken('1 – 30 Nov 2026')}, compared with ${unbroken('1 – 31 Oct 2026')}`);
  });

  it('keeps a period on one line', () => {
    expect(unbroken('1 – 31 Oct 2026')).toBe('1\u00a0\u2060–\u2060\u00a031\u00a0Oct\u00a02026');
  });

  it('writes each unit as the portal does', () => {
    expect(formatFigure('count', 1234)).toBe('1,234');
    expect(formatFigure('ksh', 120_500)).toBe('KSh 120,500');
    expect(formatFigure('hours', 3)).toBe('3.0');
    expect(formatFigure('hours', 3.46)).toBe('3.5');
    expect(formatFigure('days', 42)).toBe('42');
    expect(formatFigure('percent', 37.5)).toBe('37.5%');
  });

  it('finds what the server would refuse in a range, and the date at fault', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-30' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-11-30' })).toEqual({
      field: 'from',
      message: 'Dates are written YYYY-MM-DD',
    });
    expect(rangeProblem({ from: '2026-11-01', to: '2026-02-30' })?.field).toBe('to');
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toEqual({
      field: 'from',
      message: 'The start date must be on or before the end date',
    });
    expect(rangeProblem({ from: '2021-01-01', to: '2025-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2020-01-01', to: '2026-11-30' })).toEqual({
      field: 'to',
      message: 'A report covers at most five years',
    });
  });

  it('says a section is empty when it counts nothing, but shows a measured 0', () => {
    const court = { ...emptySection };
    expect(isEmptySection(court)).toBe(true);
    const medianAge: ReportSection = {
      ...emptySection,
      unit: 'days',
      chart: 'none',
      rows: [{ key: 'median', label: 'Median age', cells: [{ value: 0, link: null }] }],
    };
    expect(isEmptySection(medianAge)).toBe(false);
    expect(
      isEmptySection({
        ...medianAge,
        rows: [{ ...medianAge.rows[0]!, cells: [{ value: null, link: null }] }],
      }),
    ).toBe(true);
    expect(isEmptySection(openAtEnd)).toBe(false);
  });

  it('charts a period’s rows as bars coloured by column, and months as bars coloured by row', () => {
    expect(chartSeriesOf(openAtEnd)).toEqual({
      categories: ['Family Law', 'Property Law'],
      series: [
        { label: 'This period', values: [12, 1234] },
        { label: 'Previous period', values: [10, 0] },
      ],
      isStacked: false,
      seriesAre: 'columns',
    });
    const [billed] = aReport('money').sections;
    expect(chartSeriesOf(billed!)).toEqual({
      categories: ['Oct 2026', 'Nov 2026', 'Dec 2026'],
      series: [{ label: 'Fee notes issued', values: [58_000, 120_500, 0] }],
      isStacked: true,
      seriesAre: 'rows',
    });
    expect(highestFigure(billed!)).toBe('KSh 120,500 — Fee notes issued, Nov 2026');
  });
});

import type { Report, ReportKind, ReportSection } from '@firm/shared';

/** The web tests' reports, as GET /api/reports/{kind} answers them. */

const PERIOD_COLUMNS = [
  { key: 'period', label: 'This period' },
  { key: 'previous', label: 'Previous period' },
];

export const openAtEnd: ReportSection = {
  key: 'open-at-end',
  title: 'Open cases at the end of the period, by category',
  unit: 'count',
  chart: 'bar',
  columns: PERIOD_COLUMNS,
  rows: [
    {
      key: 'family',
      label: 'Family Law',
      cells: [
        { value: 12, link: '/cases?openOn=2026-11-30&category=family' },
        { value: 10, link: '/cases?openOn=2026-10-31&category=family' },
      ],
    },
    {
      key: 'property',
      label: 'Property Law',
      cells: [
        { value: 1234, link: '/cases?openOn=2026-11-30&category=property' },
        { value: 0, link: '/cases?openOn=2026-10-31&category=property' },
      ],
    },
    {
      key: 'total',
      label: 'Total',
      cells: [
        { value: 1246, link: '/cases?openOn=2026-11-30' },
        { value: 10, link: '/cases?openOn=2026-10-31' },
      ],
    },
  ],
};

const billed: ReportSection = {
  key: 'billed',
  title: 'Billed',
  unit: 'ksh',
  chart: 'stacked',
  columns: [
    { key: '2026-10', label: 'Oct 2026' },
    { key: '2026-11', label: 'Nov 2026' },
    { key: '2026-12', label: 'Dec 2026' },
  ],
  rows: [
    {
      key: 'fee-notes',
      label: 'Fee notes issued',
      cells: [
        { value: 58_000, link: '/billing?issuedFrom=2026-10-01&issuedTo=2026-10-31' },
        { value: 120_500, link: '/billing?issuedFrom=2026-11-01&issuedTo=2026-11-30' },
        { value: 0, link: '/billing?issuedFrom=2026-12-01&issuedTo=2026-12-31' },
      ],
    },
  ],
};

const response: ReportSection = {
  key: 'response',
  title: 'Time to first response (hours)',
  unit: 'hours',
  chart: 'none',
  columns: PERIOD_COLUMNS,
  rows: [
    {
      key: 'median',
      label: 'Median',
      cells: [
        { value: 3.46, link: null },
        { value: null, link: null },
      ],
    },
  ],
  note: 'Worked out from the records; no single list shows it',
};

const share: ReportSection = {
  key: 'slots',
  title: 'Share of offered times taken',
  unit: 'percent',
  chart: 'none',
  columns: PERIOD_COLUMNS,
  rows: [
    {
      key: 'share',
      label: 'Share taken',
      cells: [
        { value: 40, link: null },
        { value: 37.5, link: null },
      ],
    },
  ],
};

export const emptySection: ReportSection = {
  key: 'court-dates',
  title: 'Court dates in the weeks ahead',
  unit: 'count',
  chart: 'bar',
  columns: [{ key: '2026-11-09', label: 'Week of Mon 9 Nov 2026' }],
  rows: [
    {
      key: 'court-dates',
      label: 'Court dates',
      cells: [{ value: 0, link: '/cases?courtFrom=2026-11-09&courtTo=2026-11-15' }],
    },
  ],
};

/** Client money held idle: each row in one column of two, the other empty (null). */
export const idleSection: ReportSection = {
  key: 'idle',
  title: 'Held now with no movement for over 6 months',
  unit: 'ksh',
  chart: 'stacked',
  columns: [
    { key: '6-12', label: '6 to 12 months' },
    { key: '12+', label: 'Over 12 months' },
  ],
  rows: [
    {
      key: 'c1:k1',
      label: 'Wanjiku Kamau-Odhiambo · ELC/2025/0042 · last moved Mon 13 Oct 2025',
      cells: [
        { value: null, link: null },
        { value: 1_201_500, link: null },
      ],
    },
    {
      key: 'c2:none',
      label: 'Omondi Otieno-Achieng · No case · last moved Tue 12 May 2026',
      cells: [
        { value: 385_000, link: null },
        { value: null, link: null },
      ],
    },
    {
      key: 'total',
      label: 'Total',
      cells: [
        { value: 385_000, link: null },
        { value: 1_201_500, link: null },
      ],
    },
  ],
  note: 'A balance is idle when its client’s ledger on that case has had no entry since.',
};

const SECTIONS: Record<ReportKind, ReportSection[]> = {
  caseload: [openAtEnd, emptySection],
  appointments: [share],
  enquiries: [response],
  service: [response],
  money: [billed],
  'client-money': [idleSection],
};

const TITLES: Record<ReportKind, string> = {
  caseload: 'Caseload',
  appointments: 'Appointments',
  enquiries: 'Enquiries',
  service: 'Client service',
  money: 'Money',
  'client-money': 'Client money',
};

/** November 2026's report of `kind` (compared with October), unless told otherwise. */
export function aReport(kind: ReportKind = 'caseload', overrides: Partial<Report> = {}): Report {
  return {
    kind,
    title: TITLES[kind],
    range: { from: '2026-11-01', to: '2026-11-30' },
    previousRange: { from: '2026-10-01', to: '2026-10-31' },
    today: '2026-11-15',
    sections: SECTIONS[kind],
    ...overrides,
  };
}

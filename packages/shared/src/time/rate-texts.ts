/**
 * The words of the hourly rates (System Settings) and a case's fee arrangement
 * (docs/product-rules.md#time-and-expenses, ADR 050).
 */
export const RATE_SCREEN_TEXTS = {
  ratesTitle: 'Hourly rates',
  ratesIntro:
    'Each advocate’s and admin’s default rate. A case’s agreed rate comes first; a rate changed here does not reprice time already recorded.',
  ratesCaption: 'Default hourly rates',
  ratesLoading: 'Loading the rates…',
  ratesFailed: 'The rates could not be loaded. Check your connection and try again.',
  noRate: 'No rate set',
  rateLabel: (name: string) => `Hourly rate of ${name} (KSh)`,
  saveRate: (name: string) => `Save the rate of ${name}`,
  saveShort: 'Save',
  perHour: (amount: string) => `${amount} an hour`,
  rateSaved: (name: string) => `Rate of ${name} saved`,
  rateFailed: 'The rate could not be saved. Try again.',
  columns: { who: 'Who', rate: 'KSh an hour' },
  arrangementTitle: 'Fee arrangement',
  arrangementNone: 'None recorded: time is valued at each person’s rate.',
  arrangementLoading: 'Loading the fee arrangement…',
  arrangementFailed: 'The fee arrangement could not be loaded. Try again.',
  arrangementEdit: 'Change fee arrangement',
  arrangementRecord: 'Record fee arrangement',
  arrangementDialog: 'Fee arrangement',
  arrangementDescription: (caseNumber: string) =>
    `How ${caseNumber} is billed, as agreed with the client.`,
  kindLabel: 'Arrangement',
  kindLabels: { hourly: 'Hourly', fixed: 'Fixed fee', stages: 'Fixed fee in stages' },
  agreedOnLabel: 'Date agreed',
  hourlyRateLabel: 'Agreed hourly rate (KSh)',
  hourlyRateHint: 'Left empty, each person’s own rate applies.',
  fixedFeeLabel: 'Fixed fee (KSh)',
  stagesLabel: 'Stages',
  stagesHint: 'One stage a line, such as “Filing: 50,000”.',
  save: 'Save arrangement',
  saving: 'Saving…',
  saved: 'Fee arrangement saved',
  saveFailed: 'The fee arrangement could not be saved. Check the fields and try again.',
  summaryHourly: (rate: string | null) =>
    rate ? `Hourly at ${rate} an hour` : 'Hourly at each person’s rate',
  summaryFixed: (fee: string) => `Fixed fee of ${fee}`,
  summaryStages: (fee: string) => `Fixed fee of ${fee}, in stages`,
  agreedOn: (date: string) => `agreed on ${date}`,
} as const;

/**
 * The words of the header's timer (docs/product-rules.md#time-and-expenses, ADR 050): the one
 * timer a person has, shown on every staff page and started on the case page they are on.
 */
export const HEADER_TIMER_TEXTS = {
  startHere: 'Start timer on this case',
  /** The header button's name: where the timer runs and how long, read by a screen reader. */
  buttonRunning: (caseNumber: string, clock: string) => `Timer running on ${caseNumber}: ${clock}`,
  buttonPaused: (caseNumber: string, clock: string) => `Timer paused on ${caseNumber}: ${clock}`,
  panelTitle: 'Your timer',
  onCase: (caseNumber: string) => `On ${caseNumber}`,
  openCase: 'Open the case',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop and file',
  discard: 'Discard',
  confirmDiscard: 'Throw this timer away without filing its time?',
  fileTitle: 'File the time',
  fileDescription: (caseNumber: string, clock: string) =>
    `${clock} on ${caseNumber}, rounded up to 6-minute units and valued at the rate that applies.`,
  fileSubmit: 'File time',
  filing: 'Filing…',
  narrativeHint: 'Left empty, the entry says “Timed work”.',
} as const;

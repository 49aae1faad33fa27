/** Deadlines' texts, apart from the schemas, so screens can show them without loading zod (ADR 008). */
export const LIMITATION_TEXTS = {
  tabLabel: 'Limitation periods',
  saved: 'Limitation periods saved',
  kindInvalid:
    'Kind must be a short name in lower-case letters, digits and underscores, starting with a letter',
  kindRepeated: 'Each kind may appear once: remove the repeated one',
  labelRequired: 'Name the kind of claim',
  amountInvalid: 'Period must be a whole number from 1 to 1200',
  unitInvalid: 'Unit must be days, months or years',
  sourceRequired: 'Cite the section the period comes from',
  periodsRequired: 'Keep at least one limitation period',
  /** Shown beside every computed date: guidance the advocate confirms, not advice (product rules). */
  guidance:
    'Worked out from the firm’s table of limitation periods: check it against the statute and the facts before relying on it.',
} as const;

import { FIRM_TIME_ZONE } from '@firm/shared';

/** Dates and times as the firm states them: in Nairobi time, whatever the device's zone. */
const dateFormat = new Intl.DateTimeFormat('en-KE', {
  dateStyle: 'medium',
  timeZone: FIRM_TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-KE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: FIRM_TIME_ZONE,
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

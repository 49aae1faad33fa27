import { TEST_SUPER_KEY, advocatePayload } from '../../test/accounts';
import { nextOpenWeekday } from './appointments/appointments-test-kit';

/**
 * The table control-characters.test.ts tries: the characters a text field refuses, and every text
 * field of every endpoint with a valid payload to put them in.
 */

/**
 * One text rule for every text field (fields.ts `textRule`): a NUL (or any
 * control character) answered 500, because PostgreSQL refuses it. ADR 012: a lone UTF-16
 * surrogate ("\ud800" in JSON) made every update answer 500 (the audit row's json refused it) and
 * every create store U+FFFD. ADR 012: direction overrides were kept. Every text field of
 * every endpoint is tried with each character below: the answer is 400 with the field named,
 * never 500.
 */
export const BAD_CHARACTERS = {
  'LONE SURROGATE': '\ud800',
  'LONE LOW SURROGATE': '\udc00',
  'RIGHT-TO-LEFT OVERRIDE': '\u202e',
  'LEFT-TO-RIGHT ISOLATE': '\u2066',
  'RIGHT-TO-LEFT MARK': '\u200f',
  NUL: '\u0000',
  BEL: '\u0007',
  BS: '\u0008',
  ESC: '\u001b',
  CR: '\r',
  DEL: '\u007f',
  NEL: '\u0085',
};
/** Single-line fields also refuse line breaks. */
export const LINE_BREAKS = { LF: '\n', 'CR LF': '\r\n', 'LINE SEPARATOR': '\u2028' };

export type Payload = Record<string, unknown>;
/** What the endpoints below act on, made before the tests run. */
export interface Fixtures {
  clientId: string;
  caseId: string;
  /** Two visitor bookings: one to edit, one to cancel. */
  appointmentId: string;
  cancellableAppointmentId: string;
  dataRequestId: string;
  conversationId: string;
  contactMessageId: string;
  firmSettings: Payload;
}
export interface Endpoint {
  method: 'POST' | 'GET' | 'PUT' | 'PATCH';
  url: string | ((fixtures: Fixtures) => string);
  valid: Payload | ((fixtures: Fixtures) => Payload);
  singleLine: string[];
  multiLine: string[];
  /** Who calls: nobody (the default), the owner advocate, or a client. */
  auth?: boolean | 'client';
}

export const person = { firstName: 'Amina', lastName: 'Odhiambo', email: 'amina@example.test' };
export const advocateDetails = (() => {
  const { password: _p, superKey: _k, ...rest } = advocatePayload({ email: 'new@mwamba.test' });
  return rest;
})();

export const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    url: '/api/contact-messages',
    valid: {
      name: 'Achieng Otieno',
      email: 'achieng@example.co.ke',
      phone: '0712 345 678',
      subject: 'Land title',
      message: 'Hello',
      consent: true,
    },
    singleLine: ['name', 'email', 'phone', 'subject'],
    multiLine: ['message'],
  },
  {
    method: 'POST',
    url: '/api/auth/register',
    valid: advocatePayload({ email: 'second@mwamba.test' }),
    singleLine: [
      'firstName',
      'lastName',
      'email',
      'phone',
      'licenseNumber',
      'specialization.0',
      'password',
      'superKey',
    ],
    multiLine: ['education', 'barAdmission'],
  },
  {
    method: 'POST',
    url: '/api/auth/verify-super-key',
    valid: { superKey: TEST_SUPER_KEY },
    singleLine: ['superKey'],
    multiLine: [],
  },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    valid: { email: 'owner@mwamba.test' },
    singleLine: ['email'],
    multiLine: [],
  },
  {
    method: 'POST',
    url: '/api/user-management/create-client',
    valid: { ...person, phone: '0712 345 678' },
    singleLine: ['firstName', 'lastName', 'email', 'phone'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/user-management/create-admin',
    valid: { ...person, temporaryPassword: 'Temp-Passw0rd' },
    singleLine: ['firstName', 'lastName', 'email', 'temporaryPassword'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/user-management/create-advocate',
    valid: advocateDetails,
    singleLine: ['firstName', 'lastName', 'email', 'phone', 'licenseNumber', 'specialization.0'],
    multiLine: ['education', 'barAdmission'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    valid: { token: 'not-a-real-reset-token', password: 'New-Passw0rd' },
    singleLine: ['token', 'password'],
    multiLine: [],
  },
  {
    method: 'PUT',
    url: '/api/profile',
    valid: { firstName: 'Wanjiru', lastName: 'Kamau', phone: '0712 345 678' },
    singleLine: ['firstName', 'lastName', 'phone'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'PUT',
    url: '/api/profile/professional',
    valid: (({ licenseNumber, specialization, experience, education, barAdmission }) => ({
      licenseNumber,
      specialization,
      experience,
      education,
      barAdmission,
    }))(advocatePayload()),
    singleLine: ['licenseNumber', 'specialization.0'],
    multiLine: ['education', 'barAdmission'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/profile/email-change',
    valid: { email: 'owner.new@mwamba.test' },
    singleLine: ['email'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/profile/data-requests',
    valid: { message: 'Please delete my data.' },
    singleLine: [],
    multiLine: ['message'],
    auth: 'client',
  },
  {
    method: 'PUT',
    url: (f) => `/api/settings/data-requests/${f.dataRequestId}`,
    valid: { status: 'refused', reason: 'The case file must be kept for seven years.' },
    singleLine: [],
    multiLine: ['reason'],
    auth: true,
  },
  {
    method: 'PUT',
    url: '/api/settings/firm',
    valid: (f) => ({ ...f.firmSettings, mpesaInstructions: 'Account: your case number' }),
    singleLine: [],
    multiLine: ['mpesaInstructions', 'contactAutoReply', 'bookingAutoReply'],
    auth: true,
  },
  {
    method: 'PUT',
    url: '/api/settings/limitation-periods',
    valid: {
      periods: [
        {
          kind: 'contract',
          label: 'Contract',
          amount: 6,
          unit: 'years',
          source: 'Cap 22, s.4(1)',
          notice: 'None',
        },
      ],
    },
    singleLine: ['periods.0.label', 'periods.0.source', 'periods.0.notice'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'PATCH',
    url: (f) => `/api/clients/${f.clientId}`,
    valid: { firstName: 'Amina', lastName: 'Wekesa', phone: '0722 000 111' },
    singleLine: ['firstName', 'lastName', 'phone'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'PATCH',
    url: (f) => `/api/enquiries/message/${f.contactMessageId}`,
    valid: { note: 'Called back on Monday.', version: 0 },
    singleLine: [],
    multiLine: ['note'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/cases',
    valid: (f) => ({
      title: 'Boundary dispute in Kitengela',
      description: 'The neighbour moved the beacons.',
      category: 'property',
      priority: 'medium',
      clientId: f.clientId,
      court: 'Kajiado Law Courts',
      courtCaseNumber: 'ELC 12 of 2026',
    }),
    singleLine: ['title', 'court', 'courtCaseNumber'],
    multiLine: ['description'],
    auth: true,
  },
  {
    method: 'PUT',
    url: (f) => `/api/cases/${f.caseId}`,
    valid: {
      title: 'Land dispute over plot LR 209/1234',
      description: 'The neighbour fenced off part of the plot.',
      court: 'Milimani Law Courts',
      courtCaseNumber: 'ELC 7 of 2026',
      courtHearing: 'Mention: directions given',
      version: 1,
    },
    singleLine: ['title', 'court', 'courtCaseNumber', 'courtHearing'],
    multiLine: ['description'],
    auth: true,
  },
  {
    method: 'POST',
    url: (f) => `/api/cases/${f.caseId}/notes`,
    valid: { content: 'Client called about the survey.' },
    singleLine: [],
    multiLine: ['content'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/cases/conflict-check',
    valid: {
      clientName: 'Amina Odhiambo',
      parties: [{ name: 'Juma Mwangi', role: 'opposing_party' }],
    },
    singleLine: ['clientName', 'parties.0.name'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/appointments',
    valid: {
      title: 'Land sale agreement',
      type: 'consultation',
      description: 'Review of a sale agreement.',
      date: nextOpenWeekday(5),
      time: '10:00',
      firstName: 'Achieng',
      lastName: 'Otieno',
      email: 'achieng@visitor.test',
      phone: '0712 345 678',
      consent: true,
    },
    singleLine: ['title', 'firstName', 'lastName', 'email', 'phone'],
    multiLine: ['description'],
  },
  {
    method: 'PUT',
    url: (f) => `/api/appointments/${f.appointmentId}`,
    valid: {
      title: 'Consultation about a lease',
      description: 'The landlord wants to end the lease early.',
      paymentStatus: 'paid',
      paymentMethod: 'mpesa',
      paymentReference: 'QAB1CD2EF3',
    },
    singleLine: ['title', 'paymentReference'],
    multiLine: ['description'],
    auth: true,
  },
  {
    method: 'PATCH',
    url: (f) => `/api/appointments/${f.cancellableAppointmentId}/cancel`,
    valid: { reason: 'The advocate is in court that day.' },
    singleLine: [],
    multiLine: ['reason'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/conversations',
    valid: (f) => ({ subject: 'Survey report', clientId: f.clientId, body: 'Please see below.' }),
    singleLine: ['subject'],
    multiLine: ['body'],
    auth: true,
  },
  {
    method: 'POST',
    url: (f) => `/api/conversations/${f.conversationId}/messages`,
    valid: { body: 'Thank you, received.' },
    singleLine: [],
    multiLine: ['body'],
    auth: true,
  },
  ...(
    [
      '/api/user-management/users',
      '/api/cases',
      '/api/cases/people',
      '/api/appointments',
      '/api/appointments/clients',
      '/api/clients',
      '/api/conversations',
      '/api/deliveries',
    ] as const
  ).map((url): Endpoint => ({
    method: 'GET',
    url,
    valid: { search: 'amina' },
    singleLine: ['search'],
    multiLine: [],
    auth: true,
  })),
  {
    method: 'GET',
    url: '/api/settings/audit-log',
    valid: { person: 'amina', target: 'client', action: 'case.created' },
    singleLine: ['person', 'target', 'action'],
    multiLine: [],
    auth: true,
  },
];

/** The payload with `path` ("specialization.0", "parties.0.name") set to a value holding `character`. */
export function withCharacter(valid: Payload, path: string, character: string): Payload {
  const copy = structuredClone(valid);
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Record<string, unknown>>(
    (node, key) => node[key] as Record<string, unknown>,
    copy,
  );
  const value = String(parent[last]);
  parent[last] = `${value.slice(0, 3)}${character}${value.slice(3)}`;
  return copy;
}

/** Test names for the paths with ids. */
export const PATH_NAMES: Fixtures = {
  clientId: ':id',
  caseId: ':id',
  appointmentId: ':id',
  cancellableAppointmentId: ':id',
  dataRequestId: ':id',
  conversationId: ':id',
  contactMessageId: ':id',
  firmSettings: {},
};

/** A query string as a browser writes it. */
export const queryString = (payload: Payload) =>
  Object.entries(payload)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

/**
 * A URL holds bytes, and a lone surrogate has no UTF-8 form (encodeURIComponent throws): the
 * nearest a sender comes is its three bytes, %ED%A0%80, tried on its own below.
 */
export const isLoneSurrogate = (character: string) => /^[\uD800-\uDFFF]$/.test(character);

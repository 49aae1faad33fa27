import {
  FIRM_IDENTITY,
  FIRM_OFFICES,
  MAIN_OFFICE,
  SATURDAY_START_TIMES,
  directionsUrl,
  mapSearchUrl,
  type Office,
  type OfficeHours,
} from '@firm/shared';

/**
 * The firm itself: one source of truth for the header, footer, chat widget, structured data and
 * every page that names the firm (docs/product-rules.md#public-site). Change a number or an address here and
 * every page, the footer, the chat widget, the JSON-LD and the sitemap follow.
 */
/** "11:00" as the site writes a time: "11:00 AM". */
function clockText(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/**
 * The office is open on Saturday until 2:00 PM, but consultations start only in the morning: the
 * last start time the booking form offers then by default (the shared start times), so the two
 * never disagree. (The firm settings may change a day's times; this prerendered page states the
 * defaults.)
 */
const lastSaturdayStart = SATURDAY_START_TIMES.at(-1);

export const firm = {
  // Name and numbers come from packages/shared: the server's emails give the same ones.
  name: FIRM_IDENTITY.name,
  shortName: 'Mwamba & Associates',
  tagline: 'Advocates of the High Court of Kenya',
  phone: FIRM_IDENTITY.phone,
  whatsapp: '0712 345 678',
  emergencyPhone: FIRM_IDENTITY.emergencyPhone,
  email: 'info@mwamba-advocates.co.ke',
  /** Office hours of docs/product-rules.md#limits, as the footer states them. */
  hoursText: [
    { days: 'Mon-Fri', hours: '8:00 AM-6:00 PM' },
    {
      days: 'Sat',
      hours: '9:00 AM-2:00 PM',
      note: lastSaturdayStart
        ? `last consultation starts ${clockText(lastSaturdayStart)}`
        : 'no consultations',
    },
    { days: 'Sun', hours: 'Closed' },
  ],
  /** The chat widget's opening message; the visitor can edit it before sending. */
  chatGreeting: 'Hello Mwamba & Associates, I would like to ask about ',
  foundedYear: 2010,
  lskMembership: 'Members of the Law Society of Kenya',
} as const;

/**
 * The consultation offer, stated once (docs/product-rules.md#public-site): a free 15-minute preliminary call
 * and a 30-minute initial consultation at KES 5,000. Every page that mentions a consultation reads
 * these sentences.
 */
export const consultation = {
  // The booking form's types say the same (APPOINTMENT_TYPE_DEFAULTS; firm.test.ts checks).
  preliminaryMinutes: 15,
  initialMinutes: 30,
  initialFeeKes: 5000,
  headline: 'Free 15-minute preliminary call',
  summary:
    'Start with a free 15-minute preliminary call to tell us what happened. If you need advice, book a 30-minute initial consultation with an advocate at KES 5,000.',
  short: 'Free 15-minute call · 30-minute consultation KES 5,000',
} as const;

/** docs/product-rules.md#screens: "a legal disclaimer that the content is not legal advice". */
export const legalDisclaimer =
  'The information on this website is general information about Kenyan law, not legal advice. Every matter turns on its own facts: do not act, or decide not to act, on anything here without advice from an advocate on your situation. Reading this website or contacting us does not by itself create an advocate-client relationship.';

// The offices live in packages/shared: the server's emails and calendar files name the office and
// its address too (ADR 015), from the same data.
export const offices = FIRM_OFFICES;
export const mainOffice = MAIN_OFFICE;
export { directionsUrl, mapSearchUrl, type Office, type OfficeHours };

/** Turns a written phone number into a `tel:` link. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The four counties of docs/product-rules.md#screens ("Areas We Serve"). */
export interface County {
  name: string;
  areas: string[];
  officeId: Office['id'];
  summary: string;
}

export const counties: County[] = [
  {
    name: 'Nairobi',
    areas: [
      'Nairobi CBD',
      'Upper Hill',
      'Westlands',
      'Kilimani',
      'Karen',
      'Lang’ata',
      'Embakasi',
      'Kasarani',
      'Eastlands',
    ],
    officeId: 'upper-hill',
    summary:
      'Our main office handles matters before the Milimani Law Courts, the Employment and Labour Relations Court and the Environment and Land Court in Nairobi.',
  },
  {
    name: 'Kiambu',
    areas: ['Thika', 'Ruiru', 'Juja', 'Kiambu Town', 'Kikuyu', 'Limuru', 'Githunguri'],
    officeId: 'thika',
    summary:
      'From Thika we act in land, succession and family matters before the Thika, Kiambu and Ruiru courts and the Kiambu and Thika land registries.',
  },
  {
    name: 'Machakos',
    areas: ['Athi River', 'Mlolongo', 'Syokimau', 'Machakos Town', 'Kangundo'],
    officeId: 'kitengela',
    summary:
      'Clients along Mombasa Road are served from Kitengela, with appearances at the Machakos and Mavoko law courts.',
  },
  {
    name: 'Kajiado',
    areas: ['Kitengela', 'Ongata Rongai', 'Ngong', 'Kajiado Town', 'Isinya'],
    officeId: 'kitengela',
    summary:
      'Land transactions, boundary disputes and family matters before the Kajiado and Kitengela courts and the Kajiado land registry.',
  },
];

/** schema.org LegalService for the home, contact and locations pages: offices, hours, phone. */
export function legalServiceStructuredData(): Record<string, unknown> {
  const openingHours = [
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:00',
      closes: '18:00',
    },
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'Saturday',
      opens: '09:00',
      closes: '14:00',
    },
  ];
  const branchHours = [
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:00',
      closes: '17:30',
    },
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'Saturday',
      opens: '09:00',
      closes: '13:00',
    },
  ];
  const place = (office: Office) => ({
    '@type': 'LegalService',
    name: `${firm.name}, ${office.name}`,
    telephone: office.phone,
    email: office.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.address,
      addressLocality: office.city,
      addressRegion: `${office.county} County`,
      postalCode: office.postalCode,
      addressCountry: 'KE',
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: office.coordinates.lat,
      longitude: office.coordinates.lng,
    },
    openingHoursSpecification: office.isMain ? openingHours : branchHours,
  });
  return {
    '@context': 'https://schema.org',
    ...place(mainOffice),
    name: firm.name,
    url: '__PUBLIC_URL__/',
    logo: '__PUBLIC_URL__/favicon.svg',
    priceRange: 'KES 5,000 initial consultation',
    areaServed: counties.map((county) => ({
      '@type': 'AdministrativeArea',
      name: `${county.name} County`,
    })),
    department: offices.filter((office) => !office.isMain).map(place),
  };
}

/**
 * "Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-2:00 PM (last consultation starts 11:00 AM), Sun Closed"
 */
export const hoursSummary = firm.hoursText
  .map((row) => `${row.days} ${row.hours}${'note' in row ? ` (${row.note})` : ''}`)
  .join(', ');

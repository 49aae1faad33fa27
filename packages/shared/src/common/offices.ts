/**
 * The firm's offices (the office record of docs/product-rules.md#records, every field): one source for the site's
 * pages, footer, map and structured data (apps/web/src/content/firm.ts re-exports them) and for the
 * server's appointment emails and calendar files, which name the office and its address
 * (ADR 015).
 */
export interface OfficeHours {
  weekdays: string;
  saturday: string;
  sunday: string;
}

/** The Office entity of docs/product-rules.md#records, every field. */
export interface Office {
  id: string;
  name: string;
  address: string;
  street: string;
  city: string;
  postalCode: string;
  phone: string;
  email: string;
  hours: OfficeHours;
  coordinates: { lat: number; lng: number };
  parking: string;
  publicTransport: string;
  landmarks: string;
  services: string[];
  /** The main office answers the chat and the emergency line. */
  isMain: boolean;
  /** County, for the structured data and the areas-we-serve page. */
  county: string;
}

export const FIRM_OFFICES: Office[] = [
  {
    id: 'upper-hill',
    name: 'Nairobi Main Office (Upper Hill)',
    address: '4th Floor, Mara Court, Mara Road, Upper Hill',
    street: 'Mara Road',
    city: 'Nairobi',
    postalCode: '00100',
    phone: '+254 20 765 4321',
    email: 'info@mwamba-advocates.co.ke',
    hours: {
      weekdays: '8:00 AM-6:00 PM',
      saturday: '9:00 AM-2:00 PM',
      sunday: 'Closed',
    },
    coordinates: { lat: -1.2986, lng: 36.8149 },
    parking: 'Visitor parking in the Mara Court basement; tell the guard you are visiting us.',
    publicTransport:
      'Matatus to Upper Hill from the Kencom and Railways stages; a 5-minute walk from the Hospital Road stop.',
    landmarks: 'Opposite the Britam Tower approach, a short walk from Kenyatta National Hospital.',
    services: [
      'Family Law',
      'Corporate Law',
      'Criminal Defense',
      'Property Law',
      'Employment Law',
      'Immigration',
    ],
    isMain: true,
    county: 'Nairobi',
  },
  {
    id: 'thika',
    name: 'Thika Office',
    address: '2nd Floor, Kenyatta Highway Plaza, Kenyatta Highway',
    street: 'Kenyatta Highway',
    city: 'Thika',
    postalCode: '01000',
    phone: '+254 67 222 1480',
    email: 'thika@mwamba-advocates.co.ke',
    hours: {
      weekdays: '8:00 AM-5:30 PM',
      saturday: '9:00 AM-1:00 PM',
      sunday: 'Closed',
    },
    coordinates: { lat: -1.0388, lng: 37.0834 },
    parking: 'Street parking on Kenyatta Highway (Kiambu County parking fee applies).',
    publicTransport:
      'Buses and matatus from Nairobi along Thika Superhighway stop at the Thika main stage, 300 m away.',
    landmarks: 'Near the Thika Law Courts and the Blue Post junction.',
    services: ['Property Law', 'Family Law', 'Succession', 'Employment Law', 'Criminal Defense'],
    isMain: false,
    county: 'Kiambu',
  },
  {
    id: 'kitengela',
    name: 'Kitengela Office',
    address: 'Ground Floor, Milimani Business Centre, Namanga Road',
    street: 'Namanga Road',
    city: 'Kitengela',
    postalCode: '00241',
    phone: '+254 45 662 0375',
    email: 'kitengela@mwamba-advocates.co.ke',
    hours: {
      weekdays: '8:00 AM-5:30 PM',
      saturday: '9:00 AM-1:00 PM',
      sunday: 'Closed',
    },
    coordinates: { lat: -1.4747, lng: 36.9606 },
    parking: 'Free customer parking in front of Milimani Business Centre.',
    publicTransport:
      'Matatus from Nairobi (Ambassadeur and Railways stages) to Kitengela town; drop off at the Namanga Road stage.',
    landmarks: 'Two minutes from the Kitengela Law Courts and the East Gate Mall roundabout.',
    services: ['Property Law', 'Land Disputes', 'Family Law', 'Traffic Offences'],
    isMain: false,
    county: 'Kajiado',
  },
];

export const MAIN_OFFICE: Office = FIRM_OFFICES.find((office) => office.isMain)!;

/** An appointment's office: the one it names, else the main office (where the diary is kept). */
export const officeById = (id: string | null | undefined): Office =>
  FIRM_OFFICES.find((office) => office.id === id) ?? MAIN_OFFICE;

/** "Nairobi Main Office (Upper Hill), 4th Floor, Mara Court, Mara Road, Upper Hill, Nairobi" */
export const officeAddressLine = (office: Office) =>
  `${office.name}, ${office.address}, ${office.city}`;

/** Directions and search links of docs/product-rules.md#wire-contract (outbound only: no key needed). */
export const directionsUrl = (office: Office) =>
  `https://www.google.com/maps/dir/?api=1&destination=${office.coordinates.lat},${office.coordinates.lng}`;
export const mapSearchUrl = (office: Office) =>
  `https://www.openstreetmap.org/?mlat=${office.coordinates.lat}&mlon=${office.coordinates.lng}#map=17/${office.coordinates.lat}/${office.coordinates.lng}`;

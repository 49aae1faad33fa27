/**
 * The firm itself: one source of truth for the header, footer, chat widget, structured data and
 * every page that names the firm (DECISIONS "Public site").
 */
export const firm = {
  name: 'Mwamba & Associates Advocates',
  shortName: 'Mwamba & Associates',
  tagline: 'Advocates of the High Court of Kenya',
  phone: '+254 20 765 4321',
  whatsapp: '0712 345 678',
  emergencyPhone: '+254 722 000 911',
  email: 'info@mwamba-advocates.co.ke',
  /** Office hours of SPEC section 9, as the footer states them. */
  hoursText: [
    { days: 'Mon-Fri', hours: '8:00 AM-6:00 PM' },
    { days: 'Sat', hours: '9:00 AM-2:00 PM' },
    { days: 'Sun', hours: 'Closed' },
  ],
} as const;

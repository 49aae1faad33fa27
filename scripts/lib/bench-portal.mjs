// The signed-in part of `npm run bench:web`: a client of the firm with the records a real one
// has (several cases with parties, court dates and shared notes, appointments, conversations with
// long threads), seeded through the API of the server under test as the product itself creates
// them, and the session token the web app keeps in localStorage (ADR 005).
import { SUPER_KEY, PASSWORD, json } from './bench-kit.mjs';

export { SUPER_KEY };

/** localStorage key of the web app's session token (packages/shared/src/common/constants.ts). */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * The portal pages measured signed in as the client: `{case}` and `{conversation}` stand for the
 * seeded client's first case and longest conversation.
 */
export const PORTAL_PAGES = [
  '/dashboard',
  '/cases',
  '/cases/{case}',
  '/messages',
  '/messages?c={conversation}',
  '/appointments',
  '/profile',
];

/** Paths the portal serves (packages/shared/src/portal-manifest.ts, signed-in entries). */
const PORTAL_PREFIXES = [
  '/dashboard',
  '/cases',
  '/appointments',
  '/messages',
  '/clients',
  '/enquiries',
  '/profile',
  '/admin-management',
  '/system-settings',
  '/change-password',
];

export const isPortalPath = (pagePath) =>
  PORTAL_PREFIXES.some(
    (prefix) =>
      pagePath === prefix || pagePath.startsWith(`${prefix}/`) || pagePath.startsWith(`${prefix}?`),
  );

const addDays = (date, days) => {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
};

const nairobiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

/** The next `count` weekdays the firm is open, from `ahead` days on (the server's calendar). */
async function openWeekdays(origin, ahead, count) {
  const days = [];
  const closed = new Set();
  const seenMonths = new Set();
  for (let day = addDays(nairobiToday(), ahead); days.length < count; day = addDays(day, 1)) {
    const month = day.slice(0, 7);
    if (!seenMonths.has(month)) {
      seenMonths.add(month);
      const calendar = await json(origin, 'GET', `/api/appointments/calendar?month=${month}`);
      for (const closedDay of calendar.closedDays) closed.add(closedDay);
    }
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !closed.has(day)) days.push(day);
  }
  return days;
}

const CASES = [
  {
    title:
      'Nyambura Wanjiku-Achieng v. Kilimani Heights Management Company Limited: boundary encroachment and restoration of the eastern access road',
    category: 'property',
    priority: 'high',
    court: 'Environment and Land Court at Milimani, Nairobi',
    courtCaseNumber: 'ELC E/1184/2025',
    parties: [
      {
        role: 'opposing_party',
        name: 'Kilimani Heights Management Company Limited',
        contact: 'company.secretary@kilimaniheights-management.co.ke',
      },
      {
        role: 'opposing_advocate',
        name: 'Otieno, Mwangi-Ruto & Partners LLP',
        contact: '+254 722 418 907',
      },
      { role: 'witness', name: 'Bartholomew Kiprotich Chelimo (licensed surveyor)' },
    ],
  },
  {
    title:
      'Succession cause for the estate of the late Josephat Mwangi Kariuki: confirmation of grant and distribution of the Limuru farm',
    category: 'family',
    priority: 'medium',
    court: 'High Court of Kenya at Kiambu, Family Division',
    courtCaseNumber: 'HCSUCC E/0442/2025',
    parties: [{ role: 'co_party', name: 'Margaret Wambui Kariuki-Ndegwa' }],
  },
  {
    title:
      'Unfair termination claim against Savannah Logistics & Cold Chain (East Africa) Limited, including unpaid overtime and leave',
    category: 'employment',
    priority: 'urgent',
    court: 'Employment and Labour Relations Court at Nairobi',
    courtCaseNumber: 'ELRC E/2091/2025',
    parties: [
      {
        role: 'opposing_party',
        name: 'Savannah Logistics & Cold Chain (East Africa) Limited',
        contact: 'hr-legal@savannahlogistics-coldchain.co.ke',
      },
    ],
  },
  {
    title:
      'Review of the shareholders’ agreement and share transfer for Wanjiku Agro-Processing Cooperative Enterprises Limited',
    category: 'corporate',
    priority: 'low',
    parties: [],
  },
  {
    title:
      'Sale agreement and transfer of title for the Ruiru plot LR No. 11379/412, including the land control board consent',
    category: 'property',
    priority: 'medium',
    parties: [{ role: 'other', name: 'Ruiru Land Control Board' }],
  },
  {
    title:
      'Defence of the traffic charge arising from the collision on Thika Superhighway near the Githurai 45 interchange',
    category: 'criminal',
    priority: 'high',
    court: 'Chief Magistrate’s Court at Makadara',
    courtCaseNumber: 'MCTR E/5530/2025',
    parties: [{ role: 'witness', name: 'Constable Felista Moraa Nyaboke (traffic officer)' }],
  },
];

const DESCRIPTION =
  'The client instructs the firm after the neighbouring management company fenced off about four metres of the eastern access road in March, ' +
  'relying on a survey that the client disputes. The client holds the title deed and the original 1998 mutation form, and has photographs of the beacons ' +
  'before the fence went up. We are to seek a declaration of the boundary, an order for removal of the fence and restoration of the road, and ' +
  'general damages for the loss of access to the rental units on the plot. Next steps: obtain a fresh survey from a licensed surveyor, write to ' +
  'the Land Registrar for the registry index map, and serve a demand letter before filing.';

const NOTES = [
  'We received the licensed surveyor’s report this morning. It confirms that the fence stands 3.8 metres inside your boundary along the whole eastern side. We will attach it to the plaint.',
  'The demand letter was served on the management company’s registered office on Ngong Road at 10:15. They have fourteen days to respond before we file.',
  'Please bring the original title deed, the 1998 mutation form and the photographs of the beacons to your next appointment, so we can certify copies for the court bundle.',
  'The court has fixed the first mention for directions. You do not need to attend; we will report what the judge directs the same afternoon.',
];

const CLIENT_LINES = [
  'Good morning. I have attached the photographs of the beacons that my late father took in 2019; the fence now stands well beyond the second beacon near the gate. Could you tell me whether these are enough, or whether we need a fresh survey before the demand letter goes out?',
  'Thank you. The surveyor can come on Saturday at 9:00, but the caretaker at Kilimani Heights says nobody may enter the compound without the chairman’s written permission. What should I tell him?',
  'I am travelling to Kisumu for work next week from Tuesday to Friday. Is it possible to sign the affidavit electronically, or should I come to the office on Monday before 17:00?',
  'The tenants in the two units at the back have said they will leave at the end of the month if the road is not reopened. Can we ask the court for an urgent order?',
];
const FIRM_LINES = [
  'Good morning, and thank you for the photographs. They help, but the court will want a survey by a licensed surveyor that fixes the beacons on the registry index map. We have asked Mr Chelimo to visit this week; his fee is KSh 35,000, payable to him directly.',
  'Please tell the caretaker that the surveyor will only walk along the fence from your side, and that we have written to the chairman today asking for access to the two beacons inside the compound. A copy of our letter is on your case file.',
  'You may sign before a commissioner for oaths in Kisumu; we will email the affidavit to you on Monday and arrange one near Oginga Odinga Street. Please send the signed original back by courier, not by post.',
  'Yes. We are preparing an application for a temporary injunction under certificate of urgency, supported by the tenants’ notices. We will need a short statement from each tenant; we have drafted them and will share them here for your comments.',
];

/**
 * Seeds the client on the server at `origin` (started with `SUPER_KEY`) and returns the client's
 * session token and the ids the portal pages' placeholders stand for.
 */
export async function seedPortalClient(origin) {
  const owner = await json(origin, 'POST', '/api/auth/register', {
    firstName: 'Wanjiru Nyokabi',
    lastName: 'Kamau-Odhiambo',
    email: 'wanjiru.kamau-odhiambo@mwamba-advocates.co.ke',
    phone: '+254 712 345 678',
    password: PASSWORD,
    licenseNumber: 'LSK/2011/0457',
    specialization: ['Property Law', 'Family Law'],
    experience: 14,
    education: 'LLB (Hons), University of Nairobi; Diploma in Law, Kenya School of Law',
    barAdmission: 'Admitted to the Roll of Advocates of the High Court of Kenya, 2011',
    superKey: SUPER_KEY,
  });
  const staff = owner.token;
  const clientEmail = 'nyambura.wanjiku-achieng.property-matters@gmail-example.co.ke';
  const created = await json(
    origin,
    'POST',
    '/api/user-management/create-client',
    {
      firstName: 'Nyambura Wanjiku',
      lastName: 'Achieng-Kiprotich',
      email: clientEmail,
      phone: '+254 722 418 907',
    },
    staff,
  );
  const clientId = created.user.id;
  const login = await json(origin, 'POST', '/api/auth/login', {
    email: clientEmail,
    password: created.temporaryPassword,
  });
  await json(
    origin,
    'POST',
    '/api/auth/change-password',
    { currentPassword: created.temporaryPassword, newPassword: PASSWORD },
    login.token,
  );
  const client = login.token;

  // Cases, the first with court dates near Nairobi midnight and notes shared with the client.
  const days = await openWeekdays(origin, 3, 8);
  const caseIds = [];
  for (const [index, entry] of CASES.entries()) {
    const { case: record } = await json(
      origin,
      'POST',
      '/api/cases',
      {
        ...entry,
        description: DESCRIPTION,
        clientId,
        assignedTo: owner.user.id,
        ...(entry.court ? { courtDate: `${days[index + 1]}T23:30:00+03:00` } : {}),
      },
      staff,
    );
    caseIds.push(record.id);
  }
  for (const content of NOTES) {
    await json(
      origin,
      'POST',
      `/api/cases/${caseIds[0]}/notes`,
      { content, visibleToClient: true },
      staff,
    );
  }

  // Appointments with the advocate, on the firm's open days, at times it has free.
  const appointmentTitles = [
    'Review of the surveyor’s report and signing of the supporting affidavit for the injunction application',
    'Consultation on the distribution of the Limuru farm among the beneficiaries of the estate',
    'Preparation for the mention at the Employment and Labour Relations Court: witness statements',
  ];
  for (const [index, title] of appointmentTitles.entries()) {
    const date = days[index * 2];
    const { times } = await json(
      origin,
      'GET',
      `/api/appointments/availability?date=${date}&type=consultation`,
    );
    await json(
      origin,
      'POST',
      '/api/appointments',
      {
        title,
        type: 'consultation',
        description: DESCRIPTION,
        date,
        time: times[times.length - 1],
        clientId,
      },
      staff,
    );
  }

  // Conversations: the longest about the first case, a back-and-forth of long messages.
  const subjects = [
    'Boundary dispute with Kilimani Heights: the survey, the demand letter and the urgent injunction',
    'Documents for the confirmation of grant in the estate of the late Josephat Mwangi Kariuki',
    'Payslips and the termination letter from Savannah Logistics & Cold Chain (East Africa) Limited',
  ];
  let longest;
  for (const [index, subject] of subjects.entries()) {
    const { conversation } = await json(
      origin,
      'POST',
      '/api/conversations',
      { subject, caseId: caseIds[index], body: CLIENT_LINES[index] },
      client,
    );
    longest ??= conversation.id;
  }
  for (let round = 0; round < 10; round += 1) {
    const line = round % FIRM_LINES.length;
    await json(
      origin,
      'POST',
      `/api/conversations/${longest}/messages`,
      { body: FIRM_LINES[line] },
      staff,
    );
    await json(
      origin,
      'POST',
      `/api/conversations/${longest}/messages`,
      { body: CLIENT_LINES[(line + 1) % CLIENT_LINES.length] },
      client,
    );
  }
  // The firm's last answer stays unread: the badge and the dashboard's count show it.
  await json(
    origin,
    'POST',
    `/api/conversations/${longest}/messages`,
    { body: FIRM_LINES[3] },
    staff,
  );

  return {
    token: client,
    fill: (pagePath) => pagePath.replace('{case}', caseIds[0]).replace('{conversation}', longest),
  };
}

/**
 * Puts the session token where the web app looks for it, in the browser Lighthouse drives. Its
 * storage reset (`clearStorageTypes`) leaves localStorage alone, so every later run is signed in.
 */
export async function signInBrowser(chromePort, origin, token) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(
      (key, value) => globalThis.localStorage.setItem(key, value),
      TOKEN_STORAGE_KEY,
      token,
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

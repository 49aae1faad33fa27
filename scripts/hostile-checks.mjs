// The hostile checks of the privacy review, repeated against a running server (plain Node, no dependencies).
//
//   node scripts/hostile-checks.mjs --base http://127.0.0.1:3201 --data-dir /tmp/a \
//     --super-key <ADVOCATE_SUPER_KEY> [--only 1,2,4] [--log <server stdout file>] \
//     [--owner-email <first advocate registered by an earlier run>] \
//     [--other http://127.0.0.1:3203]   (check 5: a second process on the same PostgreSQL)
//
// The server must run with TRUST_PROXY=true (each request gets its own X-Forwarded-For, so the
// per-address rate limits do not mask the caps under test) and without SMTP_URL (mail is read from
// DATA_DIR/mail/*.eml). It expects a fresh database: the first advocate is registered here.
// Each check prints one JSON line { check, pass, ... } with what was sent and what came back.
// Check 7 (kill -9 mid-upload, then the start-up sweep of old .part files) needs the server
// restarted and is done by hand: kill the server during an upload, back-date the leftover
// DOCUMENTS_DIR/<id>.part by more than an hour, start it again and see the file gone five seconds
// later (ADR 014, "Leftovers of interrupted uploads"; plugins/stored-files-sweep.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce(
      (pairs, arg, i, all) =>
        arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs,
      [],
    ),
);
const BASE = args.base ?? 'http://127.0.0.1:3201';
const DATA_DIR = args['data-dir'];
const SUPER_KEY = args['super-key'];
const ONLY = args.only ? new Set(args.only.split(',')) : null;
const RUN = randomBytes(3).toString('hex'); // keeps addresses unique when run twice on one database

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** One request; `raw` sends a body text as is (for JSON escapes such as a lone surrogate). */
async function api(method, url, { token, body, raw, ip, headers = {} } = {}) {
  const init = { method, headers: { 'x-forwarded-for': ip ?? nextAddress(), ...headers } };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (raw !== undefined) {
    init.body = raw;
    init.headers['content-type'] = 'application/json';
  } else if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  const response = await fetch(BASE + url, init);
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, text, json, headers: response.headers };
}

const out = (result) => console.log(JSON.stringify(result));
const want = (response, status, what) => {
  if (response.status !== status)
    throw new Error(
      `${what}: expected ${status}, got ${response.status} ${response.text.slice(0, 300)}`,
    );
  return response.json;
};

// ---------------------------------------------------------------------------------------------
// Mail written to DATA_DIR/mail

function readMails() {
  const dir = path.join(DATA_DIR, 'mail');
  let names = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    const [head] = raw.split(/\r?\n\r?\n/);
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    const header = (key) => unfolded.match(new RegExp(`^${key}: (.*)$`, 'mi'))?.[1] ?? '';
    const decoded = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return { name, raw, decoded, to: header('To'), subject: header('Subject') };
  });
}
/** The mailbox an address lands in: lower case, without a +tag (what a person receives). */
const mailbox = (address) => address.toLowerCase().replace(/\+[^@]*@/, '@');
const mailsTo = (mails, address) =>
  mails.filter((mail) =>
    (mail.to.match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []).some((to) => mailbox(to) === mailbox(address)),
  );

// ---------------------------------------------------------------------------------------------
// People and records

const PASSWORD = 'Nairobi-Passw0rd-2026';
async function signIn(email, password) {
  return want(await api('POST', '/api/auth/login', { body: { email, password } }), 200, 'login')
    .token;
}
/** Signs a newly created person in and replaces the temporary password they must change. */
async function firstSignIn(email, temporaryPassword) {
  const token = await signIn(email, temporaryPassword);
  want(
    await api('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: temporaryPassword, newPassword: PASSWORD },
    }),
    200,
    'change-password',
  );
  return signIn(email, PASSWORD);
}

const state = {};
async function setup() {
  const owner = {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: `wanjiru.kamau.${RUN}@mwamba.test`,
    phone: '0712 345 678',
    password: PASSWORD,
    licenseNumber: 'LSK/2011/0457',
    specialization: ['Family Law'],
    experience: 12,
    education: 'LLB, University of Nairobi',
    barAdmission: 'Admitted to the Roll of Advocates, 2011',
    superKey: SUPER_KEY,
  };
  const registered = await api('POST', '/api/auth/register', { body: owner });
  // On a database that has its first advocate already, sign in as that one (--owner-email, with
  // this script's password): a later registration waits for verification.
  state.advocate =
    registered.status === 201 ? registered.json.token : await signIn(args['owner-email'], PASSWORD);
  state.advocateId = (await api('GET', '/api/auth/me', { token: state.advocate })).json.user?.id;

  const second = want(
    await api('POST', '/api/user-management/create-advocate', {
      token: state.advocate,
      body: {
        ...owner,
        firstName: 'Otieno',
        lastName: 'Ouma',
        email: `otieno.ouma.${RUN}@mwamba.test`,
        phone: '0722 111 222',
        password: undefined,
        superKey: undefined,
      },
    }),
    201,
    'create-advocate',
  );
  state.advocate2Id = second.user.id;
  state.advocate2 = await firstSignIn(`otieno.ouma.${RUN}@mwamba.test`, second.temporaryPassword);

  const client = async (firstName, lastName, phone, conflictCheck) => {
    const email = `${firstName}.${lastName}.${RUN}@example.co.ke`.toLowerCase();
    let created = await api('POST', '/api/user-management/create-client', {
      token: state.advocate,
      body: { firstName, lastName, email, phone, ...(conflictCheck ? { conflictCheck } : {}) },
    });
    if (created.status === 409)
      created = await api('POST', '/api/user-management/create-client', {
        token: state.advocate,
        body: {
          firstName,
          lastName,
          email,
          phone,
          conflictCheck: { cleared: true, reason: 'Different person, checked by phone' },
        },
      });
    const json = want(created, 201, 'create-client');
    return {
      id: json.user.id,
      email,
      firstName,
      lastName,
      token: await firstSignIn(email, json.temporaryPassword),
    };
  };
  state.clientA = await client('Achieng', 'Otieno', '0733 444 555');
  state.clientB = await client('Brian', 'Njoroge', '0711 222 333');
}

// ---------------------------------------------------------------------------------------------
// Checks

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
async function upload(caseId, fileName, visibleToClient) {
  const form = new FormData();
  // Each file its own bytes, so a hash found in an export names one document.
  const bytes = Buffer.concat([
    PDF,
    Buffer.from(`% ${fileName} ${randomBytes(8).toString('hex')}\n`),
  ]);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), fileName);
  return api('POST', `/api/cases/${caseId}/documents?visibleToClient=${visibleToClient}`, {
    token: state.advocate,
    body: form,
  });
}

/** Checks 1 and 3: client B's export after a case naming client A, cleared with a staff reason. */
async function checkExport() {
  const A = state.clientA;
  const B = state.clientB;
  // On a database used before, earlier runs' people match too: clear those with a plain reason.
  const createCase = async (body) => {
    const answer = await api('POST', '/api/cases', { token: state.advocate, body });
    if (answer.status !== 409) return answer;
    return api('POST', '/api/cases', {
      token: state.advocate,
      body: { ...body, conflictCheck: { cleared: true, reason: 'Earlier test run' } },
    });
  };
  const caseA = want(
    await createCase({
      title: 'Otieno v Kenya Power: wayleave compensation',
      description: 'Compensation for a wayleave over the family plot in Kisumu.',
      category: 'property',
      priority: 'medium',
      clientId: A.id,
      parties: [{ role: 'opposing_party', name: 'Kenya Power and Lighting Company' }],
    }),
    201,
    'case for A',
  ).case;
  const caseBody = {
    title: 'Njoroge land boundary dispute, Kiambu',
    description: 'Boundary dispute over parcel Kiambu/Ruiru/1234.',
    category: 'property',
    priority: 'high',
    clientId: B.id,
    parties: [{ role: 'opposing_party', name: 'Achieng Otieno' }],
  };
  const first = await api('POST', '/api/cases', { token: state.advocate, body: caseBody });
  const REASON = `STAFF-ONLY clearance ${RUN}: Achieng is a former client, matter closed 2019`;
  const caseB = want(
    await api('POST', '/api/cases', {
      token: state.advocate,
      body: { ...caseBody, conflictCheck: { cleared: true, reason: REASON } },
    }),
    201,
    'case for B',
  ).case;
  state.caseB = caseB;
  const note = want(
    await api('POST', `/api/cases/${caseB.id}/notes`, {
      token: state.advocate,
      body: { content: `Internal strategy ${RUN}: settle below KSh 2m`, visibleToClient: false },
    }),
    201,
    'internal note',
  ).note;
  await api('POST', `/api/cases/${caseB.id}/notes`, {
    token: state.advocate,
    body: { content: 'Hearing at Kiambu Law Courts moved to 3 December.', visibleToClient: true },
  });
  const internalName = `internal-settlement-memo-${RUN}.pdf`;
  const internalDoc = want(
    await upload(caseB.id, internalName, false),
    201,
    'internal upload',
  ).document;
  await upload(caseB.id, 'title-deed-copy.pdf', true);
  const download = await api('GET', `/api/cases/${caseB.id}/documents/${internalDoc.id}`, {
    token: state.advocate,
  });
  const exported = await api('GET', '/api/profile/export', { token: B.token });
  const screen = await api('GET', `/api/cases/${caseB.id}`, { token: B.token });
  const partyEntries = (exported.text.match(/\{[^{}]*"name":"Achieng Otieno"[^{}]*\}/g) ?? [])
    .length;
  const needles = {
    'A name': 'Achieng',
    'A email': A.email,
    'A id': A.id,
    'A case number': caseA.caseNumber ?? caseA.number ?? '(none)',
    'A case id': caseA.id,
    'clearance reason': 'STAFF-ONLY',
    'internal doc name': internalName,
    'internal doc hash': internalDoc.sha256 ?? internalDoc.hash ?? '(hash not in answer)',
    'internal note id': note.id,
    'internal note text': `Internal strategy ${RUN}`,
    'staff download (document.downloaded of internal doc)': internalDoc.id,
  };
  // B's own case names "Achieng Otieno" as its opposing party, which B's case screen shows too:
  // A's name is looked for outside that party entry.
  const text = exported.text.replace(/\{[^{}]*"name":"Achieng Otieno"[^{}]*\}/g, '{}');
  const found = Object.entries(needles)
    .filter(([, needle]) => needle && needle !== '(none)' && text.includes(needle))
    .map(([key]) => key);
  // A is only the opposing party of B's case: nothing of that case in A's own export.
  const exportA = await api('GET', '/api/profile/export', { token: A.token });
  const inExportA = [caseB.id, 'Njoroge', 'Kiambu/Ruiru', 'STAFF-ONLY'].filter((needle) =>
    exportA.text.includes(needle),
  );
  const screenText = screen.text.replace(/\{[^{}]*"name":"Achieng Otieno"[^{}]*\}/g, '{}');
  const foundOnScreen = Object.entries(needles)
    .filter(([, needle]) => needle && needle !== '(none)' && screenText.includes(needle))
    .map(([key]) => key);
  out({
    check: '1/3 export',
    caseScreenStatus: screen.status,
    foundOnCaseScreen: foundOnScreen,
    exportAStatus: exportA.status,
    caseBFoundInExportOfA: inExportA,
    conflictFirstAnswer: first.status,
    downloadStatus: download.status,
    exportStatus: exported.status,
    exportBytes: exported.text.length,
    ownCasePartyEntriesNamingA: partyEntries,
    sharedNoteInExport: text.includes('Kiambu Law Courts'),
    sharedDocInExport: text.includes('title-deed-copy.pdf'),
    caseBInExport: text.includes(caseB.id),
    found,
    pass:
      exported.status === 200 &&
      found.length === 0 &&
      foundOnScreen.length === 0 &&
      exportA.status === 200 &&
      inExportA.length === 0,
  });
}

async function freeSlots(count, { advocateId, from = 1 } = {}) {
  const slots = [];
  for (let day = from; slots.length < count && day < 80; day += 1) {
    const date = new Date(Date.now() + day * 86400000).toISOString().slice(0, 10);
    const query = `date=${date}&type=consultation${advocateId ? `&advocateId=${advocateId}` : ''}`;
    const answer = await api('GET', `/api/appointments/availability?${query}`);
    if (answer.status !== 200 || answer.json.closed) continue;
    for (const time of answer.json.times) slots.push({ date, time });
  }
  return slots.slice(0, count);
}
const visitor = (email, phone, slot, extra = {}) => ({
  title: 'Consultation on a land matter',
  type: 'consultation',
  description: 'I would like advice on a title deed.',
  date: slot.date,
  time: slot.time,
  location: 'office',
  firstName: 'Mercy',
  lastName: 'Wambui',
  email,
  phone,
  consent: true,
  ...extra,
});

/** How many bell notices both advocates have (a visitor's booking notifies every advocate). */
async function staffNotifications() {
  let total = 0;
  for (const token of [state.advocate, state.advocate2]) {
    total += want(await api('GET', '/api/notifications', { token }), 200, 'notifications').total;
  }
  return total;
}
const firmAddress = async () =>
  (await api('GET', '/api/settings/firm', { token: state.advocate })).json?.settings
    ?.notificationEmail ?? 'info@mwamba-advocates.co.ke';

/** Check 2: 60 visitor bookings from 60 addresses with one email and one phone. */
async function checkBookingFlood() {
  const email = `flood.${RUN}@gmail.com`;
  const phone = `+254 722 ${String(parseInt(RUN, 16) % 1000000).padStart(6, '0')}`;
  const firm = await firmAddress();
  const mailsBefore = readMails();
  const bellBefore = await staffNotifications();
  const slots = await freeSlots(60);
  const statuses = {};
  const codes = {};
  const created = [];
  for (let i = 0; i < 60; i += 1) {
    const answer = await api('POST', '/api/appointments', {
      body: visitor(email, phone, slots[i % slots.length]),
    });
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const code = answer.json?.code ?? answer.json?.error ?? '';
    if (answer.status !== 201) codes[code] = (codes[code] ?? 0) + 1;
    else created.push(answer.json.appointment);
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const mailsAfter = readMails().slice(mailsBefore.length);
  const toVisitor = mailsTo(mailsAfter, email);
  const toFirm = mailsTo(mailsAfter, firm);
  const bellAfter = await staffNotifications();
  // Confirm one from the emailed link's token.
  const link = toVisitor[0]?.decoded.match(/#token=([A-Za-z0-9_-]+)/)?.[1];
  const confirm = link
    ? await api('POST', '/api/appointments/manage/confirm', { body: { token: link } })
    : { status: 'no link' };
  const again = link
    ? await api('POST', '/api/appointments/manage/confirm', { body: { token: link } })
    : { status: 'no link' };
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const afterConfirm = readMails().slice(mailsBefore.length + mailsAfter.length);
  const bellConfirmed = await staffNotifications();
  out({
    check: '2 flood (one email, one phone, 60 addresses)',
    statuses,
    refusalCodes: codes,
    mailsToVisitor: toVisitor.length,
    firmMailsBeforeConfirm: toFirm.length,
    bellNoticesBeforeConfirm: bellAfter - bellBefore,
    confirmStatus: confirm.status,
    secondConfirmStatus: again.status,
    firmMailsAfterConfirm: mailsTo(afterConfirm, firm).length,
    visitorMailsAfterConfirm: mailsTo(afterConfirm, email).length,
    bellNoticesAfterConfirm: bellConfirmed - bellAfter,
    pass:
      (statuses[201] ?? 0) <= 3 &&
      toVisitor.length <= 3 &&
      toFirm.length === 0 &&
      bellAfter === bellBefore &&
      confirm.status === 200 &&
      mailsTo(afterConfirm, firm).length === 1 &&
      bellConfirmed - bellAfter === 2, // one per advocate
  });

  // The firm-wide daily ceiling, with distinct emails and phones.
  const ceiling = (await api('GET', '/api/settings/firm', { token: state.advocate })).json?.settings
    ?.visitorBookingsDailyCeiling;
  const more = await freeSlots(40, { from: 8 });
  const ceilingStatuses = {};
  let firstRefusal = null;
  for (let i = 0; i < 30; i += 1) {
    const answer = await api('POST', '/api/appointments', {
      body: visitor(
        `visitor${i}.${RUN}@example.co.ke`,
        `+2547${String(10000000 + i * 7919).slice(0, 8)}`,
        more[i],
      ),
    });
    ceilingStatuses[answer.status] = (ceilingStatuses[answer.status] ?? 0) + 1;
    if (answer.status !== 201 && !firstRefusal)
      firstRefusal = { at: i + 1, status: answer.status, body: answer.text.slice(0, 200) };
  }
  out({
    check: '2b firm-wide daily ceiling (30 distinct visitors)',
    ceiling,
    statuses: ceilingStatuses,
    firstRefusal,
    pass: firstRefusal?.status === 429,
  });
  // Lift the ceiling so that the later checks can book.
  const settings = (await api('GET', '/api/settings/firm', { token: state.advocate })).json
    .settings;
  want(
    await api('PUT', '/api/settings/firm', {
      token: state.advocate,
      body: { ...settings, visitorBookingsDailyCeiling: 500 },
    }),
    200,
    'lift ceiling',
  );

  // One mailbox through +tags, each with its own phone: the booking caps count addresses, the
  // mail cap counts mailboxes.
  const tagged = await freeSlots(12, { from: 20 });
  const taggedStatuses = {};
  const mailsBeforeTags = readMails().length;
  for (let i = 0; i < 10; i += 1) {
    const answer = await api('POST', '/api/appointments', {
      body: visitor(
        `tagged.${RUN}+${i}@gmail.com`,
        `+2541${String(20000000 + i * 104729).slice(0, 8)}`,
        tagged[i],
      ),
    });
    taggedStatuses[answer.status] = (taggedStatuses[answer.status] ?? 0) + 1;
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const taggedMails = mailsTo(readMails().slice(mailsBeforeTags), `tagged.${RUN}@gmail.com`).length;
  out({
    check: '2c one mailbox via +tags, distinct phones (ceiling lifted)',
    statuses: taggedStatuses,
    mailsToMailbox: taggedMails,
    pass: taggedMails <= 3,
  });
}

/** Check 2, at once: the caps hold when the bookings arrive together; a link pressed ten times. */
async function checkBookingRace() {
  const email = `race.${RUN}@example.co.ke`;
  const slots = await freeSlots(60, { from: 60 });
  const sameEmail = await Promise.all(
    slots.slice(0, 20).map((slot, i) =>
      api('POST', '/api/appointments', {
        body: visitor(email, `+2547${String(30000000 + i * 7907).slice(0, 8)}`, slot),
      }),
    ),
  );
  const phone = `+254 733 ${String(parseInt(RUN, 16) % 1000000).padStart(6, '0')}`;
  const samePhone = await Promise.all(
    slots.slice(20, 40).map((slot, i) =>
      api('POST', '/api/appointments', {
        body: visitor(`race${i}.${RUN}@example.co.ke`, phone, slot),
      }),
    ),
  );
  const count = (answers) =>
    answers.reduce(
      (all, answer) => ({ ...all, [answer.status]: (all[answer.status] ?? 0) + 1 }),
      {},
    );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const link = mailsTo(readMails(), email)[0]?.decoded.match(/#token=([A-Za-z0-9_-]+)/)?.[1];
  const firm = await firmAddress();
  const firmBefore = mailsTo(readMails(), firm).length;
  const bellBefore = await staffNotifications();
  const presses = await Promise.all(
    Array.from({ length: 10 }, () =>
      api('POST', '/api/appointments/manage/confirm', { body: { token: link } }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const firmMails = mailsTo(readMails(), firm).length - firmBefore;
  const bell = (await staffNotifications()) - bellBefore;
  out({
    check: '2r concurrent: 20 same email, 20 same phone, 10 confirm presses',
    sameEmail: count(sameEmail),
    samePhone: count(samePhone),
    presses: count(presses),
    firmMailsAfterPresses: firmMails,
    bellAfterPresses: bell,
    pass:
      (count(sameEmail)[201] ?? 0) === 3 &&
      (count(samePhone)[201] ?? 0) === 3 &&
      !presses.some((press) => press.status >= 500) &&
      firmMails === 1 &&
      bell === 2,
  });
}

/** Check 4: automatic mail to a typed address carries no typed text; a 4th a day is not sent. */
async function checkUnprovenMail() {
  const base = `wambui.${RUN}@gmail.com`;
  const variants = [
    base,
    base.replace('wambui', 'WAMBUI'),
    base.replace('@', '+law@'),
    base.replace('wambui', 'wam.bui'),
  ];
  const typedSubject = `Zebra-subject-${RUN}`;
  const typedMessage = `Giraffe-message-${RUN} visit https://evil.test`;
  const before = readMails().length;
  const answers = [];
  for (const email of variants.slice(0, 2)) {
    const answer = await api('POST', '/api/contact-messages', {
      body: {
        name: `Okapi-name-${RUN}`,
        email,
        phone: '+254700123456',
        subject: typedSubject,
        message: typedMessage,
        urgency: 'normal',
        consent: true,
      },
    });
    answers.push(answer.status);
  }
  const slot = (await freeSlots(1, { from: 30 }))[0];
  const booking = await api('POST', '/api/appointments', {
    body: visitor(variants[2], '+254733987654', slot, {
      title: `Typed-title-${RUN}`,
      firstName: `Okapi${RUN.replace(/\d/g, '')}`,
    }),
  });
  answers.push(booking.status);
  const fourth = await api('POST', '/api/contact-messages', {
    body: {
      name: 'Wambui',
      email: variants[3],
      subject: typedSubject,
      message: typedMessage,
      urgency: 'normal',
      consent: true,
    },
  });
  answers.push(fourth.status);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const firm = await firmAddress();
  const fresh = readMails().slice(before);
  const toVisitor = fresh.filter((mail) => !mailsTo([mail], firm).length);
  const echoed = toVisitor.filter((mail) =>
    [typedSubject, 'Giraffe-message', `Typed-title-${RUN}`, `Okapi-name-${RUN}`].some((word) =>
      mail.decoded.includes(word),
    ),
  );
  out({
    check: '4 unproven mail',
    statuses: answers,
    mailsToVariants: toVisitor.map((mail) => `${mail.to} | ${mail.subject}`),
    echoedTypedText: echoed.length,
    pass: toVisitor.length === 3 && echoed.length === 0,
  });
}

/** Check 6: a lone surrogate in JSON text and a NUL in a query: 400 with field messages. */
async function checkSurrogates() {
  const S = '\\ud800';
  const caseB = state.caseB;
  const fresh = (await api('GET', `/api/cases/${caseB.id}`, { token: state.advocate })).json.case;
  const appointment = want(
    await api('POST', '/api/appointments', {
      token: state.advocate,
      body: {
        ...visitor(undefined, undefined, (await freeSlots(1, { from: 40 }))[0]),
        clientId: state.clientB.id,
        firstName: undefined,
        lastName: undefined,
        email: undefined,
        phone: undefined,
        consent: undefined,
      },
    }),
    201,
    'staff booking',
  ).appointment;
  state.appointmentB = appointment;
  const request = want(
    await api('POST', '/api/profile/data-requests', { token: state.clientA.token, body: {} }),
    201,
    'data request',
  ).request;
  const firm = (await api('GET', '/api/settings/firm', { token: state.advocate })).json.settings;
  const firmRaw = JSON.stringify({ ...firm, contactAutoReply: 'SURROGATE' }).replace(
    '"SURROGATE"',
    `"Asante ${S}"`,
  );
  const cases = [
    [
      'PUT /api/cases/{id} title',
      'PUT',
      `/api/cases/${caseB.id}`,
      `{"version":${fresh.version},"title":"Njoroge ${S}"}`,
    ],
    [
      'PUT /api/appointments/{id} title',
      'PUT',
      `/api/appointments/${appointment.id}`,
      `{"title":"Consultation ${S}"}`,
    ],
    [
      'PUT /api/appointments/{id} paymentReference',
      'PUT',
      `/api/appointments/${appointment.id}`,
      `{"paymentStatus":"paid","paymentMethod":"mpesa","paymentReference":"QJK7 ${S}"}`,
    ],
    [
      'PATCH /api/clients/{id} firstName',
      'PATCH',
      `/api/clients/${state.clientB.id}`,
      `{"firstName":"Brian ${S}"}`,
    ],
    [
      'PATCH /api/clients/{id} lastName',
      'PATCH',
      `/api/clients/${state.clientB.id}`,
      `{"lastName":"${S}Njoroge"}`,
    ],
    [
      'PUT /api/profile/professional',
      'PUT',
      '/api/profile/professional',
      `{"licenseNumber":"LSK/2011/0457","experience":12,"education":"LLB ${S}","barAdmission":"Admitted 2011","specialization":["Family Law"]}`,
    ],
    [
      'PUT /api/settings/data-requests/{id}',
      'PUT',
      `/api/settings/data-requests/${request.id}`,
      `{"status":"refused","reason":"Records kept ${S}"}`,
    ],
    ['PUT /api/settings/firm', 'PUT', '/api/settings/firm', firmRaw],
  ];
  const results = [];
  for (const [label, method, url, raw] of cases) {
    const answer = await api(method, url, { token: state.advocate, raw });
    results.push({ label, status: answer.status, body: answer.text.slice(0, 160) });
  }
  const people = await api('GET', '/api/cases/people?search=%00', { token: state.advocate });
  results.push({
    label: 'GET /api/cases/people?search=%00',
    status: people.status,
    body: people.text.slice(0, 160),
  });
  out({ check: '6 lone surrogate / NUL', results, pass: results.every((r) => r.status === 400) });
}

/** Check 8: U+202E in a file name, a conversation subject and a name. */
async function checkBidi() {
  const RLO = '\u202E';
  const uploaded = await upload(state.caseB.id, `invoice${RLO}fdp.exe`, true);
  const conversation = await api('POST', '/api/conversations', {
    token: state.advocate,
    body: {
      subject: `Invoice ${RLO}fdp.exe`,
      clientId: state.clientB.id,
      body: 'Please see the attached invoice.',
    },
  });
  const name = await api('PATCH', `/api/clients/${state.clientB.id}`, {
    token: state.advocate,
    body: { firstName: `Brian${RLO}` },
  });
  const contact = await api('POST', '/api/contact-messages', {
    body: {
      name: `Mercy ${RLO}iubmaW`,
      email: `bidi.${RUN}@example.co.ke`,
      subject: 'Land',
      message: 'Hello',
      consent: true,
    },
  });
  const storedName =
    uploaded.json?.document?.name ??
    uploaded.json?.document?.fileName ??
    uploaded.json?.document?.originalName;
  out({
    check: '8 U+202E',
    upload: {
      status: uploaded.status,
      storedName,
      hasOverride:
        JSON.stringify(uploaded.json ?? '').includes('\\u202e') ||
        (uploaded.text ?? '').includes(RLO),
    },
    conversationSubject: conversation.status,
    clientName: name.status,
    contactName: contact.status,
    pass:
      uploaded.status === 201 &&
      !uploaded.text.includes(RLO) &&
      conversation.status === 400 &&
      name.status === 400 &&
      contact.status === 400,
  });
}

/** Check 9: no person in two appointments at once. */
async function checkDoubleBooking() {
  const [slot] = await freeSlots(1, { from: 45 });
  const clientBook = (advocateId) =>
    api('POST', '/api/appointments', {
      token: state.clientA.token,
      body: {
        title: 'Follow-up on wayleave',
        type: 'consultation',
        description: 'Discuss the valuation.',
        date: slot.date,
        time: slot.time,
        location: 'office',
        advocateId,
      },
    });
  const first = await clientBook(state.advocateId);
  const second = await clientBook(state.advocate2Id);
  const [vslot] = await freeSlots(1, { from: 50 });
  const email = `kiprop.${RUN}@example.co.ke`;
  const v1 = await api('POST', '/api/appointments', {
    body: visitor(email, '+254701555666', vslot, { advocateId: state.advocateId }),
  });
  const v2 = await api('POST', '/api/appointments', {
    body: visitor(email, '+254701555777', vslot, { advocateId: state.advocate2Id }),
  });
  const v3 = await api('POST', '/api/appointments', {
    body: visitor(email.toUpperCase(), '+254701555888', vslot),
  });
  out({
    check: '9 person busy',
    slot,
    client: [first.status, second.status, second.json?.code ?? second.text.slice(0, 120)],
    visitor: [v1.status, v2.status, v2.json?.code ?? v2.text.slice(0, 120), v3.status],
    pass:
      first.status === 201 &&
      second.status === 409 &&
      v1.status === 201 &&
      v2.status === 409 &&
      v3.status === 409,
  });
}

/** Check 10: searched names and typed subjects stay out of the log. */
async function checkLog() {
  const search = await api('GET', '/api/cases?search=Njoroge', { token: state.advocate });
  const people = await api('GET', '/api/clients?search=Achieng', { token: state.advocate });
  const subject = `Kipchumba-inheritance-${RUN}`;
  const contact = await api('POST', '/api/contact-messages', {
    body: {
      name: 'Grace Kipchumba',
      email: `grace.${RUN}@example.co.ke`,
      subject,
      message: 'Succession cause for my late father in Eldoret.',
      consent: true,
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  let log = '';
  try {
    log = readFileSync(args.log, 'utf8');
  } catch {
    /* no log given */
  }
  const words = ['Njoroge', 'Achieng', subject, 'Kipchumba', `grace.${RUN}`];
  const found = words.filter((word) => log.includes(word));
  const searchLines = log
    .split('\n')
    .filter((line) => line.includes('/api/cases?search'))
    .slice(-1);
  out({
    check: '10 log',
    statuses: [search.status, people.status, contact.status],
    logBytes: log.length,
    found,
    sampleLine: searchLines[0]?.slice(0, 200),
    pass: log.length > 0 && found.length === 0,
  });
}

/** Check 11: a double quote in a name gives a valid CN=; the audit CSV has no formula cell. */
async function checkCalendarAndCsv() {
  const [slot] = await freeSlots(1, { from: 55 });
  const booking = await api('POST', '/api/appointments', {
    body: visitor(`quote.${RUN}@example.co.ke`, '+254711999000', slot, {
      firstName: 'Wanjiku "Shiku"',
      lastName: "N'ganga",
    }),
  });
  const calendar = booking.json?.calendar ?? '';
  const cnLines = calendar
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => /CN=/.test(line));
  // RFC 5545: param-value = paramtext / quoted-string; quoted-string has no DQUOTE inside.
  const validCn = cnLines.every((line) => /CN=("[^"]*"|[^";:,]*)[;:]/.test(line));
  // Formula-like text in audited fields.
  const formulaCase = await api('POST', '/api/cases', {
    token: state.advocate,
    body: {
      title: '=1+1',
      description: ';=1+1',
      category: 'property',
      priority: 'low',
      clientId: state.clientA.id,
      parties: [{ role: 'opposing_party', name: '=HYPERLINK("http://evil.test")' }],
      conflictCheck: { cleared: true, reason: '-2+3 checked' },
    },
  });
  await api('PATCH', `/api/clients/${state.clientA.id}`, {
    token: state.advocate,
    body: { lastName: '+1-Otieno' },
  });
  await api('PATCH', `/api/clients/${state.clientA.id}`, {
    token: state.advocate,
    body: { lastName: ';=1+1' },
  });
  await api('PATCH', `/api/clients/${state.clientA.id}`, {
    token: state.advocate,
    body: { lastName: '@SUM(1)' },
  });
  const csv = await api('GET', '/api/settings/audit-log/csv', { token: state.advocate });
  const cells = csv.text.split(/\r?\n/).flatMap((line) => line.split(/[,;\t]/));
  const bad = cells
    .map((cell) => cell.replace(/^[\s"]+/, ''))
    .filter((cell) => /^[=+\-@]/.test(cell) && !/^-?\d/.test(cell));
  out({
    check: '11 ics CN / CSV formulas',
    booking: booking.status,
    cnLines: cnLines.map((line) => line.slice(0, 120)),
    validCn,
    csvStatus: csv.status,
    formulaCase: formulaCase.status,
    csvHasFormulaText: ['1+1', 'HYPERLINK', 'SUM(1)'].filter((word) => csv.text.includes(word)),
    badCells: bad.slice(0, 10),
    pass:
      booking.status === 201 &&
      cnLines.length > 0 &&
      validCn &&
      formulaCase.status === 201 &&
      csv.status === 200 &&
      csv.text.includes('HYPERLINK') &&
      bad.length === 0,
  });
}

/** Check 12: an encoded-word subject with a CRLF and a Bcc. */
async function checkHeaderInjection() {
  const subject = '=?utf-8?q?Hello=0ABcc:_x@evil.test?=';
  const before = readMails().length;
  const contact = await api('POST', '/api/contact-messages', {
    body: {
      name: 'Peter Mutua',
      email: `mutua.${RUN}@example.co.ke`,
      subject,
      message: 'Hello',
      consent: true,
    },
  });
  const conversation = await api('POST', '/api/conversations', {
    token: state.clientA.token,
    body: { subject, body: 'Hello advocate' },
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const fresh = readMails().slice(before);
  const injected = fresh.filter(
    (mail) =>
      /^bcc:/im.test(mail.raw.split(/\r?\n\r?\n/)[0]) ||
      mail.subject.includes('=?utf-8?q?Hello=0ABcc'),
  );
  out({
    check: '12 encoded-word subject',
    contact: [contact.status, contact.text.slice(0, 160)],
    conversation: [conversation.status, conversation.text.slice(0, 160)],
    mailSubjects: fresh.map((mail) => mail.subject.slice(0, 100)),
    injected: injected.length,
    pass:
      injected.length === 0 &&
      [400, 201].includes(contact.status) &&
      [400, 201].includes(conversation.status),
  });
}

/** ADR 021: an admin with no toggles lists appointments without visitors' emails or phones. */
async function checkPlainAdmin() {
  const email = `reception.${RUN}@mwamba.test`;
  const admin = want(
    await api('POST', '/api/user-management/create-admin', {
      token: state.advocate,
      body: { firstName: 'Faith', lastName: 'Chebet', email, phone: '0799 888 777' },
    }),
    201,
    'create-admin',
  );
  const token = await firstSignIn(email, admin.temporaryPassword);
  const list = await api('GET', '/api/appointments?limit=100', { token });
  const rows = list.json?.appointments ?? [];
  const withContact = rows.filter((row) => row.clientEmail || row.clientPhone);
  const searchByEmail = await api(
    'GET',
    `/api/appointments?search=${encodeURIComponent('flood.')}`,
    { token },
  );
  out({
    check: 'ADR021 plain admin',
    status: list.status,
    rows: rows.length,
    rowsWithEmailOrPhone: withContact.length,
    searchByEmailHits: searchByEmail.json?.appointments?.length,
    leakedText: /@example\.co\.ke|@gmail\.com|\+2547/.test(list.text),
    pass:
      list.status === 200 &&
      rows.length > 0 &&
      withContact.length === 0 &&
      !/@example\.co\.ke|@gmail\.com/.test(list.text),
  });
}

/**
 * Check 5: a session's notification stream closes when the session signs out, also when the
 * stream is on another process (--other http://host:port on the same database).
 */
async function checkStreamClosesOnLogout() {
  const bases = [BASE, ...(args.other ? [args.other] : [])];
  const results = [];
  for (const streamBase of bases) {
    for (const logoutBase of bases) {
      const token = await signIn(`otieno.ouma.${RUN}@mwamba.test`, PASSWORD);
      const controller = new AbortController();
      const response = await fetch(`${streamBase}/api/notifications/stream`, {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextAddress() },
        signal: controller.signal,
      });
      const reader = response.body.getReader();
      await reader.read(); // the stream is open (first bytes)
      await new Promise((resolve) => setTimeout(resolve, 300));
      let closedAt = null;
      const closed = (async () => {
        try {
          for (;;) if ((await reader.read()).done) break;
        } catch {
          /* reset */
        }
        closedAt = performance.now();
      })();
      const start = performance.now();
      const logout = await fetch(`${logoutBase}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextAddress() },
      });
      const timeout = new Promise((resolve) => setTimeout(resolve, 10000));
      await Promise.race([closed, timeout]);
      controller.abort();
      results.push({
        stream: streamBase,
        logout: logoutBase,
        streamStatus: response.status,
        logoutStatus: logout.status,
        closedAfterMs: closedAt === null ? '>10000' : Math.round(closedAt - start),
      });
    }
  }
  out({
    check: '5 stream closes on logout',
    results,
    pass: results.every((r) => typeof r.closedAfterMs === 'number' && r.closedAfterMs < 1000),
  });
}

const CHECKS = [
  ['1', checkExport],
  ['2', checkBookingFlood],
  ['2r', checkBookingRace],
  ['4', checkUnprovenMail],
  ['6', checkSurrogates],
  ['8', checkBidi],
  ['9', checkDoubleBooking],
  ['10', checkLog],
  ['11', checkCalendarAndCsv],
  ['12', checkHeaderInjection],
  ['adr', checkPlainAdmin],
  ['5', checkStreamClosesOnLogout],
];

await setup();
for (const [id, check] of CHECKS) {
  if (ONLY && !ONLY.has(id)) continue;
  try {
    await check();
  } catch (error) {
    out({ check: id, pass: false, error: String(error?.stack ?? error).slice(0, 500) });
  }
}

// The appointments scenario of `npm run bench:api`, against a running server:
//   - availability of one day with 50 advocates and 2,000 appointments that month: median answer
//     time of GET /api/appointments/availability, one request at a time (target ≤ 20 ms);
//   - the race: 100 concurrent bookings of one advocate's slot, then 100 of overlapping but not
//     identical ranges: how many 201, 409 and 5xx, and how many rows hold the slot.
import { median } from './bench-kit.mjs';

const ADVOCATES = 50;
const APPOINTMENTS = 2000;
const TIMES = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'];

const addDays = (date, days) => {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
};

/** The open weekdays of next month (Nairobi), from the server's own calendar. */
async function openWeekdaysOfNextMonth(call) {
  const now = new Date(Date.now() + 3 * 60 * 60 * 1000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 7);
  const { body } = await call('GET', `/api/appointments/calendar?month=${month}`);
  const closed = new Set(body.closedDays);
  const days = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 6 && !closed.has(day)) days.push(day);
  }
  return days;
}

async function inBatches(items, size, work) {
  const results = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  }
  return results;
}

/**
 * `call(method, url, body?, headers?)` answers `{ status, body }`; `token` is an advocate's
 * session. Prints its figures.
 */
export async function benchAppointments({ call, token, timingN = 200 }) {
  const auth = { authorization: `Bearer ${token}` };
  const advocates = await inBatches(
    Array.from({ length: ADVOCATES - 1 }, (_, i) => i),
    10,
    async (i) => {
      const created = await call(
        'POST',
        '/api/user-management/create-advocate',
        {
          firstName: 'Diary',
          lastName: `Advocate ${i}`,
          email: `bench-diary-${i}@example.test`,
          phone: '0712 345 678',
          licenseNumber: `LSK/2015/${1000 + i}`,
          specialization: ['Family Law'],
          experience: 5,
          education: 'LLB',
          barAdmission: 'Admitted 2015',
        },
        auth,
      );
      if (created.status !== 201) throw new Error(`create-advocate: ${created.status}`);
      return created.body.user.id;
    },
  );
  const client = await call(
    'POST',
    '/api/user-management/create-client',
    { firstName: 'Diary', lastName: 'Client', email: 'bench-diary-client@example.test' },
    auth,
  );
  const clientId = client.body.user.id;
  const days = await openWeekdaysOfNextMonth(call);
  const benchDay = days[Math.floor(days.length / 2)];

  // 2,000 appointments spread over the month's days, advocates and times, none overlapping.
  const slots = [];
  for (const day of days)
    for (const advocateId of advocates)
      for (const time of TIMES) {
        slots.push({ day, advocateId, time });
      }
  const step = Math.max(1, Math.floor(slots.length / APPOINTMENTS));
  const chosen = slots.filter((_, i) => i % step === 0).slice(0, APPOINTMENTS);
  const started = performance.now();
  const statuses = await inBatches(
    chosen,
    20,
    async ({ day, advocateId, time }) =>
      (
        await call(
          'POST',
          '/api/appointments',
          {
            title: 'Bench',
            type: 'consultation',
            description: 'Bench appointment',
            date: day,
            time,
            clientId,
            advocateId,
          },
          auth,
        )
      ).status,
  );
  const seeded = statuses.filter((status) => status === 201).length;
  console.log(
    `appointments: ${ADVOCATES} advocates, ${seeded} appointments next month seeded in ${(
      (performance.now() - started) /
      1000
    ).toFixed(1)} s (${chosen.filter((s) => s.day === benchDay).length} on ${benchDay})`,
  );

  const times = [];
  for (let i = 0; i < timingN; i += 1) {
    const start = performance.now();
    const answer = await call(
      'GET',
      `/api/appointments/availability?date=${benchDay}&type=consultation`,
    );
    times.push(performance.now() - start);
    if (answer.status !== 200) throw new Error(`availability: ${answer.status}`);
  }
  console.log(
    `GET /api/appointments/availability (${timingN} one at a time): median ${median(times).toFixed(
      2,
    )} ms (target ≤ 20 ms)`,
  );

  // The race, on a day nobody has booked: the last open weekday of the month.
  const raceDay = days.at(-1);
  const race = async (label, bodyFor) => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(
          'POST',
          '/api/appointments',
          {
            title: 'Race',
            type: 'consultation',
            description: 'Race',
            date: raceDay,
            clientId,
            advocateId: advocates[0],
            ...bodyFor(i),
          },
          auth,
        ),
      ),
    );
    const count = (predicate) => answers.filter((answer) => predicate(answer.status)).length;
    const list = await call(
      'GET',
      `/api/appointments?from=${raceDay}&to=${raceDay}&advocateId=${advocates[0]}&status=scheduled`,
      undefined,
      auth,
    );
    console.log(
      `race, ${label}: 100 concurrent → ${count((s) => s === 201)} × 201, ${count(
        (s) => s === 409,
      )} × 409, ${count((s) => s >= 500)} × 5xx, ${count(
        (s) => s !== 201 && s !== 409 && s < 500,
      )} other; rows now ${list.body.total}`,
    );
  };
  await race('same advocate and slot (09:00)', () => ({ time: '09:00' }));
  await race('overlapping ranges (14:00 for 120 min vs 15:00 for 60 min)', (i) =>
    i % 2 ? { time: '15:00', durationMinutes: 60 } : { time: '14:00', type: 'court_appearance' },
  );
}

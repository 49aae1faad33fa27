import { randomBytes } from 'node:crypto';
import { PRIVACY_NOTICE_VERSION, type ContactUrgency } from '@firm/shared';
import { appointments, contactMessages } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import type { TestContext } from './helpers';

/** Enquiries straight into the database (the inbox's tests; the public forms have their own). */

let seq = 0;

export async function seedContactMessage(
  ctx: TestContext,
  overrides: Partial<typeof contactMessages.$inferInsert> & { urgency?: ContactUrgency } = {},
) {
  seq += 1;
  const [row] = await ctx.database.db
    .insert(contactMessages)
    .values({
      name: 'Achieng Otieno',
      email: `achieng-${seq}@visitor.test`,
      phone: '+254712345678',
      subject: 'Land title transfer',
      message: 'I would like advice on transferring a title deed in Kiambu.',
      urgency: 'normal',
      consentAt: new Date(),
      noticeVersion: PRIVACY_NOTICE_VERSION,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A visitor's booking (no account, an emailed link), `daysAhead` days from now at 06:00 UTC. */
export async function seedVisitorBooking(
  ctx: TestContext,
  advocateId: string,
  overrides: Partial<typeof appointments.$inferInsert> = {},
) {
  seq += 1;
  const startsAt = new Date(Date.now() + (10 + seq) * 24 * 60 * 60_000);
  startsAt.setUTCHours(6, 0, 0, 0);
  const [row] = await ctx.database.db
    .insert(appointments)
    .values({
      title: 'Consultation about a lease',
      description: 'My landlord wants to end the lease early.',
      type: 'consultation',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      durationMinutes: 30,
      feeKsh: 5000,
      clientFirstName: 'Baraka',
      clientLastName: 'Njoroge',
      clientEmail: `baraka-${seq}@visitor.test`,
      clientPhone: '+254722000111',
      advocateId,
      consentAt: new Date(),
      noticeVersion: PRIVACY_NOTICE_VERSION,
      visitorTokenHash: hashToken(randomBytes(24).toString('base64url')),
      ...overrides,
    })
    .returning();
  return row!;
}

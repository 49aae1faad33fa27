import { z } from 'zod';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '../appointments/rules';
import { CASE_PRIORITIES, CASE_STATUSES } from '../cases/rules';
import { ROLES } from '../common/constants';
import { paymentInstructionsSchema } from '../settings/schemas';
import { SETUP_ITEMS } from './rules';

/**
 * GET /api/dashboard/stats (ADR 019): one answer holding every section the caller's role
 * and toggles allow; a section the caller may not see is absent (not empty).
 */

const caseCountsSchema = z.object({
  pending: z.number(),
  in_progress: z.number(),
  completed: z.number(),
});
export type OpenCaseCounts = z.infer<typeof caseCountsSchema>;

/** The dashboard variant of a case (docs/product-rules.md#records): id, title, status, lastUpdate, nextAction, priority. */
export const dashboardCaseSchema = z.object({
  id: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  status: z.enum(CASE_STATUSES),
  lastUpdate: z.string(),
  nextAction: z.string(),
  priority: z.enum(CASE_PRIORITIES),
});
export type DashboardCase = z.infer<typeof dashboardCaseSchema>;

/** The dashboard variant of an appointment (docs/product-rules.md#records): title, date, time, type, status. */
export const dashboardAppointmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  type: z.enum(APPOINTMENT_TYPES),
  status: z.enum(APPOINTMENT_STATUSES),
  client: z.string(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;

export const courtDateSchema = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  courtDate: z.string(),
  court: z.string().nullable(),
});

/** The dashboard variant of a message (docs/product-rules.md#records): sender, message, time, unread. */
export const dashboardMessageSchema = z.object({
  conversationId: z.string(),
  subject: z.string(),
  sender: z.string(),
  /** The last message's opening words; null when it was withdrawn or carried only files. */
  message: z.string().nullable(),
  time: z.string(),
  unread: z.boolean(),
});
export type DashboardMessage = z.infer<typeof dashboardMessageSchema>;

export const unpaidFeeSchema = z.object({
  appointmentId: z.string(),
  reference: z.string(),
  title: z.string(),
  date: z.string(),
  feeKsh: z.number(),
});
export type UnpaidFee = z.infer<typeof unpaidFeeSchema>;

export const dashboardStatsSchema = z.object({
  role: z.enum(ROLES),
  /** Nairobi dates the counts were taken on: today, the week (Monday to Sunday), the month. */
  today: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  monthStart: z.string(),
  monthEnd: z.string(),
  /** A client's own figures. */
  client: z
    .object({
      activeCases: z.number(),
      upcomingAppointments: z.number(),
      unreadMessages: z.number(),
      recentMessages: z.array(dashboardMessageSchema),
      feesPendingKsh: z.number(),
      feesPendingCount: z.number(),
      recentCases: z.array(dashboardCaseSchema),
      upcoming: z.array(dashboardAppointmentSchema),
      unpaidFees: z.array(unpaidFeeSchema),
      /** The open cases a document may be uploaded to (Upload Document). */
      openCases: z.array(z.object({ id: z.string(), caseNumber: z.string(), title: z.string() })),
      payment: paymentInstructionsSchema,
    })
    .optional(),
  /** Live appointments today and this week (admins). */
  appointments: z.object({ today: z.number(), thisWeek: z.number() }).optional(),
  /** Future appointments still waiting for the firm's confirmation. */
  bookingRequests: z.number().optional(),
  /** An admin's own assigned open cases by status. */
  assignedCases: caseCountsSchema.optional(),
  /** Court dates in the next 14 days (count and the first few). */
  courtDates: z.object({ count: z.number(), next: z.array(courtDateSchema) }).optional(),
  /** The advocate's view of the firm. */
  openCases: z
    .object({
      byStatus: caseCountsSchema,
      byAssignee: z.array(
        z.object({ assigneeId: z.string().nullable(), name: z.string(), count: z.number() }),
      ),
    })
    .optional(),
  diary: z.array(dashboardAppointmentSchema).optional(),
  /** Contact messages and visitors' booking requests nobody has picked up (enquiries:view). */
  newEnquiries: z.number().optional(),
  advocatesAwaitingVerification: z.number().optional(),
  newClientsThisMonth: z.number().optional(),
  fees: z
    .object({
      pendingKsh: z.number(),
      pendingCount: z.number(),
      paidKsh: z.number(),
      paidCount: z.number(),
    })
    .optional(),
  /**
   * Client money's warnings (advocates, ADR 045): each client account's months past their
   * reconciliation day and not locked, the balances idle over 12 months, and the statement lines
   * left unmatched over 7 days (ADR 046).
   */
  clientMoney: z
    .object({
      unreconciled: z.array(
        z.object({ accountId: z.string(), accountName: z.string(), month: z.string() }),
      ),
      idle: z.object({ count: z.number(), heldKsh: z.number() }),
      /** Per client account: its statement lines imported over 7 days ago and still unmatched. */
      unmatchedLines: z.array(
        z.object({
          accountId: z.string(),
          accountName: z.string(),
          count: z.number(),
          /** The oldest such line's day, YYYY-MM-DD. */
          oldestDate: z.string(),
        }),
      ),
    })
    .optional(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** GET /api/dashboard/setup */
export const setupChecklistSchema = z.object({
  items: z.array(z.object({ key: z.enum(SETUP_ITEMS), done: z.boolean() })),
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

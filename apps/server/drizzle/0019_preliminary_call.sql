-- hand-written (issue 24 item 4): the free 15-minute preliminary call becomes an appointment type,
-- so the type's CHECK (0004) admits it. Nothing else changes: existing rows all pass the new check.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_type_check";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_type_check" CHECK ("appointments"."type" in ('preliminary_call', 'consultation', 'follow_up', 'court_appearance'));
--> statement-breakpoint
-- Issue 24 item 8: a cancelled booking says who cancelled it. Earlier cancellations are read from
-- their history: a released hold by the system, one a staff member cancelled by the firm, any
-- other (the client, or a visitor's link, which has no actor) by the person booked.
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;
--> statement-breakpoint
UPDATE "appointments" AS a SET "cancelled_by" = CASE
    WHEN EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = a."id" AND e."action" = 'released') THEN 'system'
    WHEN EXISTS (
      SELECT 1 FROM "appointment_events" e JOIN "users" u ON u."id" = e."actor_id"
      WHERE e."appointment_id" = a."id" AND e."action" = 'cancelled' AND u."role" <> 'client'
    ) THEN 'firm'
    ELSE 'client'
  END
  WHERE a."status" = 'cancelled';
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_check" CHECK ("appointments"."cancelled_by" is null or "appointments"."cancelled_by" in ('client', 'firm', 'system'));

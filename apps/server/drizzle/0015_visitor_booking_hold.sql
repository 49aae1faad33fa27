ALTER TABLE "appointments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visitor_confirmed_at" timestamp with time zone;--> statement-breakpoint
DROP INDEX "appointments_scheduled_starts_at_idx";--> statement-breakpoint
CREATE INDEX "appointments_scheduled_starts_at_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'scheduled' and "appointments"."hold_expires_at" is null;--> statement-breakpoint
CREATE INDEX "appointments_hold_expires_at_idx" ON "appointments" USING btree ("hold_expires_at") WHERE "appointments"."status" = 'scheduled' and "appointments"."hold_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "appointments_visitor_unconfirmed_idx" ON "appointments" USING btree ("created_at") WHERE "appointments"."client_id" is null and "appointments"."visitor_confirmed_at" is null;--> statement-breakpoint
-- hand-written (issue 23, ADR 022)
-- A held visitor booking (hold_expires_at set) is one the visitor has not yet confirmed from the
-- emailed link; confirming clears the hold and stamps visitor_confirmed_at.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_hold_check" CHECK ("hold_expires_at" is null or ("client_id" is null and "visitor_confirmed_at" is null));--> statement-breakpoint
-- Before the two constraints below can hold, appointments that already overlap another live one
-- of the same client (or the same visitor email) are cancelled, the earliest booked kept, so the
-- migration never stops a server from starting.
UPDATE "appointments" AS later SET "status" = 'cancelled', "cancelled_at" = now(), "sequence" = later."sequence" + 1,
  "cancellation_reason" = 'Cancelled by the system: it overlapped another appointment of the same client'
WHERE later."status" <> 'cancelled' AND EXISTS (
  SELECT 1 FROM "appointments" AS earlier
  WHERE earlier."id" <> later."id" AND earlier."status" <> 'cancelled'
    AND (earlier."created_at", earlier."id") < (later."created_at", later."id")
    AND tstzrange(earlier."starts_at", earlier."ends_at", '[)') && tstzrange(later."starts_at", later."ends_at", '[)')
    AND ((later."client_id" IS NOT NULL AND earlier."client_id" = later."client_id")
      OR (later."client_id" IS NULL AND earlier."client_id" IS NULL
          AND lower(earlier."client_email") = lower(later."client_email"))));--> statement-breakpoint
-- Issue 23 item 9: one client's live appointments never overlap, whichever advocates they are
-- with, nor do a visitor email's (case-insensitive), enforced like the advocates' diary.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_no_overlap" EXCLUDE USING gist ("client_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" <> 'cancelled' AND "client_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_visitor_email_no_overlap" EXCLUDE USING gist (lower("client_email") WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" <> 'cancelled' AND "client_id" IS NULL);

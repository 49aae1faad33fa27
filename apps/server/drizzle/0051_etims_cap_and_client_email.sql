-- Written by hand after src/db/schema/etims.ts (the committed snapshots stop at 0014; see 0021).
-- KRA eTIMS (ADR 049): a transmission KRA did not answer for 48 hours stops as `failed` (the
-- 48 hours counted from `trying_since`, which Retry restarts); KRA's 994 for a transmission whose
-- answer was lost is `kra_has_it`; the client's fee note email waits for KRA's answer until
-- `client_email_due_at`, and each of its two emails is claimed once. The advocates' bell names a
-- transmission that failed (notifications' kind etims_failed).
ALTER TABLE "etims_transmissions" ADD COLUMN "trying_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "etims_transmissions" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "etims_transmissions" ADD COLUMN "client_email_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "etims_transmissions" ADD COLUMN "provisional_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "etims_transmissions" ADD COLUMN "signed_emailed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "etims_transmissions" SET "trying_since" = "created_at";--> statement-breakpoint
ALTER TABLE "etims_transmissions" DROP CONSTRAINT "etims_transmissions_state_check";--> statement-breakpoint
ALTER TABLE "etims_transmissions" ADD CONSTRAINT "etims_transmissions_state_check" CHECK ("etims_transmissions"."state" in ('awaiting', 'sending', 'sent', 'kra_has_it', 'refused', 'failed'));--> statement-breakpoint
ALTER TABLE "etims_transmissions" ADD CONSTRAINT "etims_transmissions_held_check" CHECK (("etims_transmissions"."state" <> 'kra_has_it' or "etims_transmissions"."result_cd" = '994') and (("etims_transmissions"."state" = 'failed') = ("etims_transmissions"."failed_at" is not null)));--> statement-breakpoint
ALTER TABLE "etims_transmissions" ADD CONSTRAINT "etims_transmissions_client_email_check" CHECK (("etims_transmissions"."client_email_due_at" is null or "etims_transmissions"."kind" = 'sale') and ("etims_transmissions"."provisional_emailed_at" is null or "etims_transmissions"."client_email_due_at" is not null) and ("etims_transmissions"."signed_emailed_at" is null or "etims_transmissions"."client_email_due_at" is not null));--> statement-breakpoint
DROP INDEX "etims_transmissions_unsent_idx";--> statement-breakpoint
CREATE INDEX "etims_transmissions_unsent_idx" ON "etims_transmissions" USING btree ("branch_id","invc_no") WHERE "etims_transmissions"."state" not in ('sent', 'kra_has_it');--> statement-breakpoint
CREATE INDEX "etims_transmissions_client_email_idx" ON "etims_transmissions" USING btree ("client_email_due_at") WHERE "etims_transmissions"."client_email_due_at" is not null and "etims_transmissions"."signed_emailed_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'case_note_added', 'case_assigned', 'court_date_set', 'court_date_reminder', 'appointment_booked', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_reminder', 'permissions_changed', 'advocate_awaiting_verification', 'contact_message_received', 'visitor_booking_received', 'message_received', 'delivery_failed', 'fee_note_issued', 'fee_note_cancelled', 'payment_received', 'payment_flagged', 'backup_failed', 'backup_overdue', 'etims_refused', 'etims_failed'));

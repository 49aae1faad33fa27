-- Written to match src/db/schema/backups.ts and notifications.ts (the committed snapshots stop at
-- 0014; see 0021). Backups while the product runs (ADR 039): one row per run, at most one running
-- (the partial unique index is the claim across processes), a lease its process renews so a run
-- whose process died is known; what must happen once (each night's run, each incident the
-- advocates are told of); and the
-- notification kinds that tell them.
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"file_name" text,
	"size_bytes" bigint,
	"error" text,
	"claimed_by" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"progress" jsonb,
	"requested_by_id" uuid,
	CONSTRAINT "backup_runs_trigger_check" CHECK ("backup_runs"."trigger" in ('scheduled', 'command', 'settings')),
	CONSTRAINT "backup_runs_status_check" CHECK ("backup_runs"."status" in ('running', 'succeeded', 'failed')),
	CONSTRAINT "backup_runs_finished_check" CHECK (("backup_runs"."status" = 'running') = ("backup_runs"."finished_at" is null))
);
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_running_idx" ON "backup_runs" USING btree ("status") WHERE "backup_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs" USING btree ("started_at");--> statement-breakpoint
CREATE TABLE "backup_once" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'case_note_added', 'case_assigned', 'court_date_set', 'court_date_reminder', 'appointment_booked', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_reminder', 'permissions_changed', 'advocate_awaiting_verification', 'contact_message_received', 'visitor_booking_received', 'message_received', 'delivery_failed', 'fee_note_issued', 'fee_note_cancelled', 'payment_received', 'payment_flagged', 'backup_failed', 'backup_overdue'));

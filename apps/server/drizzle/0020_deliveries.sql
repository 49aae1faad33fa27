-- hand-written (ADR 028)
-- The outbox: every email and SMS, written in the transaction of the event that causes it and
-- delivered by the job queue (pg-boss, which creates its own "pgboss" schema at start-up).
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"reply_to" text,
	"attachments" jsonb,
	"is_confidential" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"provider_status" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "deliveries_channel_check" CHECK ("deliveries"."channel" in ('email', 'sms')),
	CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "deliveries_email_subject_check" CHECK ("deliveries"."channel" <> 'email' or "deliveries"."subject" is not null),
	CONSTRAINT "deliveries_attempts_check" CHECK ("deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "deliveries" USING btree ("next_attempt_at") WHERE "deliveries"."status" = 'queued';
--> statement-breakpoint
CREATE INDEX "deliveries_provider_message_id_idx" ON "deliveries" USING btree ("provider_message_id");
--> statement-breakpoint
CREATE INDEX "deliveries_created_at_idx" ON "deliveries" USING btree ("created_at");

-- Written to match src/db/schema/notifications.ts and appointments.ts (the committed snapshots stop
-- at 0014; see 0021). Text messages to clients (ADR 033): a client's choice per kind of text, the
-- claim of the text 2 hours before an appointment, and the notifications' own email queue, which
-- the outbox replaced (ADR 028), gone.
CREATE TABLE "sms_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "sms_preferences_kind_check" CHECK ("sms_preferences"."kind" in ('appointments', 'court_dates', 'messages'))
);
--> statement-breakpoint
ALTER TABLE "sms_preferences" ADD CONSTRAINT "sms_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "soon_reminder_sent_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "appointments_soon_reminder_due_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'confirmed' and "appointments"."soon_reminder_sent_at" is null and "appointments"."client_id" is not null;
--> statement-breakpoint
DROP INDEX "notifications_email_pending_idx";
--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "email_claimed_at";
--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "email_sent_at";

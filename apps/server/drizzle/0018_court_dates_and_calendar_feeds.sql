-- hand-written (issue 25 items 3 and 4; ADR 025)
-- Court dates reach the bell and the client's email: two new notification kinds, and a switch
-- for the court-date email. The lists are NOTIFICATION_KINDS and NOTIFICATION_EMAIL_KINDS in
-- packages/shared.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'case_note_added', 'case_assigned', 'court_date_set', 'court_date_reminder', 'appointment_booked', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_reminder', 'permissions_changed', 'advocate_awaiting_verification', 'contact_message_received', 'visitor_booking_received', 'message_received'));--> statement-breakpoint
ALTER TABLE "notification_email_preferences" DROP CONSTRAINT "notification_email_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notification_email_preferences" ADD CONSTRAINT "notification_email_preferences_kind_check" CHECK ("notification_email_preferences"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'court_date_set', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'message_unread'));--> statement-breakpoint
-- The day-before reminder of a court date, claimed once across server processes (as
-- appointments.reminder_sent_at); moving the court date clears it.
ALTER TABLE "cases" ADD COLUMN "court_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cases_court_reminder_due_idx" ON "cases" USING btree ("court_date") WHERE "cases"."court_date" is not null and "cases"."court_reminder_sent_at" is null and "cases"."status" <> 'closed';--> statement-breakpoint
-- A person's private calendar feed (GET /api/calendar/<token>.ics): one per person, the token's
-- SHA-256 only; replacing it changes the hash, revoking deletes the row.
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;

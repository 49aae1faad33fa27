CREATE TABLE "notification_counters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_sequence" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_email_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_email_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_email_preferences_kind_check" CHECK ("notification_email_preferences"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sequence" bigint NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"action_url" text,
	"subject_type" text,
	"subject_id" uuid,
	"dedupe_key" text,
	"email_pending" boolean DEFAULT false NOT NULL,
	"email_claimed_at" timestamp with time zone,
	"email_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('success', 'info', 'warning', 'error')),
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'case_note_added', 'case_assigned', 'appointment_booked', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_reminder', 'permissions_changed', 'advocate_awaiting_verification', 'contact_message_received', 'visitor_booking_received')),
	CONSTRAINT "notifications_action_url_check" CHECK ("notifications"."action_url" is null or "notifications"."action_url" ~ '^/[^/]')
);
--> statement-breakpoint
ALTER TABLE "notification_counters" ADD CONSTRAINT "notification_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_email_preferences" ADD CONSTRAINT "notification_email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_sequence_idx" ON "notifications" USING btree ("user_id","sequence");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_idx" ON "notifications" USING btree ("user_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_pending" and "notifications"."email_sent_at" is null;
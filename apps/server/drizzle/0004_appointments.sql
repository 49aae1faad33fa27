CREATE TABLE "appointment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"fee_ksh" integer NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"location" text DEFAULT 'office' NOT NULL,
	"office_id" text,
	"meeting_link" text,
	"client_id" uuid,
	"client_first_name" text NOT NULL,
	"client_last_name" text NOT NULL,
	"client_email" text NOT NULL,
	"client_phone" text,
	"advocate_id" uuid,
	"booked_by_id" uuid,
	"consent_at" timestamp with time zone,
	"notice_version" text,
	"ip_address" text,
	"visitor_token_hash" text,
	"cancellation_reason" text,
	"cancelled_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_type_check" CHECK ("appointments"."type" in ('consultation', 'follow_up', 'court_appearance')),
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('scheduled', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "appointments_payment_status_check" CHECK ("appointments"."payment_status" in ('pending', 'paid')),
	CONSTRAINT "appointments_payment_method_check" CHECK ("appointments"."payment_method" is null or "appointments"."payment_method" in ('cash', 'bank', 'mpesa')),
	CONSTRAINT "appointments_location_check" CHECK ("appointments"."location" in ('office', 'phone', 'video')),
	CONSTRAINT "appointments_range_check" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_duration_check" CHECK ("appointments"."ends_at" = "appointments"."starts_at" + make_interval(mins => "appointments"."duration_minutes")),
	CONSTRAINT "appointments_fee_check" CHECK ("appointments"."fee_ksh" >= 0),
	CONSTRAINT "appointments_cancelled_check" CHECK (("appointments"."status" = 'cancelled') = ("appointments"."cancelled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_id_users_id_fk" FOREIGN KEY ("booked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_events_appointment_id_idx" ON "appointment_events" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "appointment_events_actor_id_idx" ON "appointment_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "appointments_advocate_starts_at_idx" ON "appointments" USING btree ("advocate_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_client_id_idx" ON "appointments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "appointments_starts_at_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "appointments_booked_by_id_idx" ON "appointments" USING btree ("booked_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_visitor_token_hash_idx" ON "appointments" USING btree ("visitor_token_hash");--> statement-breakpoint
CREATE INDEX "appointments_reminder_due_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'confirmed' and "appointments"."reminder_sent_at" is null;--> statement-breakpoint
-- hand-written (keep when regenerating)
-- No two live appointments of one advocate overlap, whichever server process books them (issue 14).
-- Half-open ranges: one appointment may end at 10:00 and the next start at 10:00.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist ("advocate_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" <> 'cancelled');

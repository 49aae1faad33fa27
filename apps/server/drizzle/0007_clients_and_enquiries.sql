CREATE TABLE "enquiry_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_message_id" uuid,
	"appointment_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"note" text,
	"changed_by_id" uuid,
	"changed_at" timestamp with time zone,
	"client_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_states_one_source_check" CHECK (num_nonnulls("enquiry_states"."contact_message_id", "enquiry_states"."appointment_id") = 1),
	CONSTRAINT "enquiry_states_status_check" CHECK ("enquiry_states"."status" in ('new', 'in_progress', 'closed')),
	CONSTRAINT "enquiry_states_note_check" CHECK ("enquiry_states"."note" is null or length("enquiry_states"."note") <= 2000),
	CONSTRAINT "enquiry_states_version_check" CHECK ("enquiry_states"."version" >= 0)
);
--> statement-breakpoint
ALTER TABLE "enquiry_states" ADD CONSTRAINT "enquiry_states_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_states" ADD CONSTRAINT "enquiry_states_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_states" ADD CONSTRAINT "enquiry_states_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_states" ADD CONSTRAINT "enquiry_states_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_states_contact_message_id_idx" ON "enquiry_states" USING btree ("contact_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_states_appointment_id_idx" ON "enquiry_states" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "enquiry_states_client_id_idx" ON "enquiry_states" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "enquiry_states_changed_by_id_idx" ON "enquiry_states" USING btree ("changed_by_id");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The Clients search matches a client's email and phone as well as their name
-- (users_full_name_trgm_idx, migration 0003), with pg_trgm so "%0712%" needs no full scan.
CREATE INDEX "users_contact_trgm_idx" ON "users" USING gin (("email" || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
-- The Enquiries inbox lists visitors' booking requests (those with an emailed link) newest first.
CREATE INDEX "appointments_visitor_created_at_idx" ON "appointments" USING btree ("created_at") WHERE "visitor_token_hash" IS NOT NULL;

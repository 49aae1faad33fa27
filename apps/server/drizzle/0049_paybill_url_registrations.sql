-- Written by hand after src/db/schema/paybill.ts (the committed snapshots stop at 0014; see 0021).
-- The paybill's addresses registered with Safaricom's C2B Register URL API (ADR 048): one row per
-- registration Daraja accepted, the newest in force. The addresses are kept with the callback
-- secret masked; a digest of the real pair tells whether PUBLIC_URL or the secret changed since.
CREATE TABLE "paybill_url_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shortcode" text NOT NULL,
	"response_type" text NOT NULL,
	"confirmation_url" text NOT NULL,
	"validation_url" text NOT NULL,
	"addresses_digest" text NOT NULL,
	"daraja_answer" text DEFAULT '' NOT NULL,
	"registered_by_id" uuid,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paybill_url_registrations_response_type_check" CHECK ("paybill_url_registrations"."response_type" in ('Completed', 'Cancelled'))
);
--> statement-breakpoint
ALTER TABLE "paybill_url_registrations" ADD CONSTRAINT "paybill_url_registrations_registered_by_id_users_id_fk" FOREIGN KEY ("registered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paybill_url_registrations_registered_at_idx" ON "paybill_url_registrations" USING btree ("registered_at");

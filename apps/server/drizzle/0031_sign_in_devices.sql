-- Written to match src/db/schema/sign-in-devices.ts (the committed snapshots stop at 0014; see 0021).
-- Sign-in alerts (ADR 037, "Sign-in alerts"): the browsers and systems each account signed in
-- from, and the single-use "Not you? Secure your account" links the alerts carry (hashed).
CREATE TABLE "sign_in_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_key" text NOT NULL,
	"label" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_ip" text
);
--> statement-breakpoint
CREATE TABLE "secure_account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "secure_account_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_account_tokens" ADD CONSTRAINT "secure_account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_devices_user_device_idx" ON "sign_in_devices" USING btree ("user_id","device_key");--> statement-breakpoint
CREATE INDEX "sign_in_devices_last_seen_idx" ON "sign_in_devices" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "secure_account_tokens_user_idx" ON "secure_account_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "secure_account_tokens_expires_idx" ON "secure_account_tokens" USING btree ("expires_at");

CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"notice_version" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_urgency_check" CHECK ("contact_messages"."urgency" in ('normal', 'urgent', 'emergency')),
	CONSTRAINT "contact_messages_name_check" CHECK (length(btrim("contact_messages"."name")) between 1 and 100),
	CONSTRAINT "contact_messages_subject_check" CHECK (length(btrim("contact_messages"."subject")) between 1 and 200),
	CONSTRAINT "contact_messages_message_check" CHECK (length(btrim("contact_messages"."message")) between 1 and 5000)
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");
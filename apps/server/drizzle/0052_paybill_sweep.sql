-- Written by hand after src/db/schema/paybill.ts and billing.ts (the committed snapshots stop at
-- 0014; see 0021). The daily paybill sweep (ADR 054): how each paybill payment reached the firm
-- (Safaricom's confirmation, or the sweep of its Pull Transactions list), when M-Pesa reversed
-- it, one claimed row per Nairobi day the sweep ran (so two processes never both run it), and
-- the shortcode's one-time Pull Transactions registration. A billing payment M-Pesa reversed keeps
-- its receipt number, marked `reversed`.
ALTER TABLE "paybill_payments" ADD COLUMN "found_by" text DEFAULT 'confirmation' NOT NULL;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_found_by_check" CHECK ("paybill_payments"."found_by" in ('confirmation', 'sweep'));--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_reversed_check" CHECK (("paybill_payments"."status" = 'reversed') = ("paybill_payments"."reversed_at" is not null));--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'reversed'));--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_succeeded_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_succeeded_check" CHECK (("payments"."status" in ('succeeded', 'reversed')) = ("payments"."receipt_number" is not null) and ("payments"."status" in ('succeeded', 'reversed')) = ("payments"."received_at" is not null));--> statement-breakpoint
CREATE TABLE "paybill_sweeps" (
	"day" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL,
	"recorded" integer DEFAULT 0 NOT NULL,
	"reversed" integer DEFAULT 0 NOT NULL,
	"pushes_settled" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "paybill_sweeps_window_check" CHECK ("paybill_sweeps"."window_start" < "paybill_sweeps"."window_end")
);--> statement-breakpoint
CREATE TABLE "paybill_pull_registrations" (
	"shortcode" text PRIMARY KEY NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_description" text DEFAULT '' NOT NULL
);

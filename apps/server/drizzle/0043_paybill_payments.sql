-- Written by hand after src/db/schema/paybill.ts and users.ts (the committed snapshots stop at
-- 0014; see 0021). Paybill payments (ADR 047): one row per M-Pesa receipt Safaricom confirmed to
-- the paybill, and every client's own paybill reference (MW0034), given from a sequence.
CREATE TABLE "paybill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trans_id" text NOT NULL,
	"transaction_type" text DEFAULT '' NOT NULL,
	"trans_time" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"amount_ksh" integer NOT NULL,
	"shortcode" text NOT NULL,
	"bill_ref_number" text DEFAULT '' NOT NULL,
	"invoice_number" text DEFAULT '' NOT NULL,
	"org_account_balance" text DEFAULT '' NOT NULL,
	"third_party_trans_id" text DEFAULT '' NOT NULL,
	"msisdn" text DEFAULT '' NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"next_check_at" timestamp with time zone,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"status_conversation_id" text,
	"forged_reason" text,
	"confirmed_at" timestamp with time zone,
	"settled_to" text,
	"fee_note_id" uuid,
	"billing_payment_id" uuid,
	"client_id" uuid,
	"case_id" uuid,
	"client_money_entry_id" uuid,
	"unallocated_ksh" integer DEFAULT 0 NOT NULL,
	"allocated_by_id" uuid,
	"allocation_reason" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paybill_payments_trans_id_unique" UNIQUE("trans_id"),
	CONSTRAINT "paybill_payments_amount_check" CHECK ("paybill_payments"."amount_ksh" > 0),
	CONSTRAINT "paybill_payments_status_check" CHECK ("paybill_payments"."status" in ('received', 'confirmed', 'forged', 'settled', 'unallocated', 'reversed')),
	CONSTRAINT "paybill_payments_unallocated_check" CHECK ("paybill_payments"."unallocated_ksh" >= 0 and "paybill_payments"."unallocated_ksh" <= "paybill_payments"."amount_ksh"),
	CONSTRAINT "paybill_payments_settled_to_check" CHECK ("paybill_payments"."settled_to" is null or "paybill_payments"."settled_to" in ('fee_note', 'client_money', 'refunded_outside'))
);
--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_fee_note_id_fee_notes_id_fk" FOREIGN KEY ("fee_note_id") REFERENCES "public"."fee_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_billing_payment_id_payments_id_fk" FOREIGN KEY ("billing_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_client_money_entry_id_client_money_entries_id_fk" FOREIGN KEY ("client_money_entry_id") REFERENCES "public"."client_money_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_payments" ADD CONSTRAINT "paybill_payments_allocated_by_id_users_id_fk" FOREIGN KEY ("allocated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paybill_payments_status_idx" ON "paybill_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "paybill_payments_next_check_idx" ON "paybill_payments" USING btree ("next_check_at") WHERE "paybill_payments"."next_check_at" is not null;--> statement-breakpoint
-- Every client's paybill reference: existing clients numbered in the order they joined, new ones
-- from the sequence as they are created (staff have none).
CREATE SEQUENCE "client_payment_reference_seq";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_reference" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payment_reference_unique" UNIQUE("payment_reference");--> statement-breakpoint
UPDATE "users" SET "payment_reference" = numbered.n
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "users" WHERE "role" = 'client') AS numbered
WHERE "users"."id" = numbered."id";--> statement-breakpoint
SELECT setval('client_payment_reference_seq', coalesce((SELECT max("payment_reference") FROM "users"), 0) + 1, false);--> statement-breakpoint
CREATE FUNCTION client_payment_reference_given() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'client' AND NEW.payment_reference IS NULL THEN
    NEW.payment_reference := nextval('client_payment_reference_seq');
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER client_payment_reference_given BEFORE INSERT OR UPDATE OF role ON "users"
  FOR EACH ROW EXECUTE FUNCTION client_payment_reference_given();

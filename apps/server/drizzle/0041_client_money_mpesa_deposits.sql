-- Written from src/db/schema/client-money-mpesa-deposits.ts, as drizzle-kit would diff it against
-- the schema of 0040 (the committed snapshots stop at 0014; see 0021). Deposits paid by M-Pesa
-- from the portal (ADR 045): each STK push, followed until Safaricom's query confirms it, and the
-- client-money receipt it posted (entry_id: unique, set once, so a push posts one receipt).
CREATE TABLE "client_money_mpesa_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"case_id" uuid,
	"account_id" uuid NOT NULL,
	"account_kind" text DEFAULT 'client' NOT NULL,
	"amount_ksh" integer NOT NULL,
	"phone" text NOT NULL,
	"status" text NOT NULL,
	"checkout_request_id" text,
	"merchant_request_id" text,
	"mpesa_receipt_number" text,
	"result_code" integer,
	"result_desc" text,
	"entry_id" uuid,
	"next_query_at" timestamp with time zone,
	"query_attempts" smallint DEFAULT 0 NOT NULL,
	"query_refusals" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_money_mpesa_deposits_account_check" CHECK ("client_money_mpesa_deposits"."account_kind" = 'client'),
	CONSTRAINT "client_money_mpesa_deposits_amount_check" CHECK ("client_money_mpesa_deposits"."amount_ksh" >= 1),
	CONSTRAINT "client_money_mpesa_deposits_status_check" CHECK ("client_money_mpesa_deposits"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "client_money_mpesa_deposits_entry_check" CHECK (("client_money_mpesa_deposits"."status" = 'succeeded') = ("client_money_mpesa_deposits"."entry_id" is not null)),
	CONSTRAINT "client_money_mpesa_deposits_receipt_format_check" CHECK ("client_money_mpesa_deposits"."mpesa_receipt_number" ~ '^[A-Z0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "client_money_mpesa_deposits" ADD CONSTRAINT "client_money_mpesa_deposits_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_mpesa_deposits" ADD CONSTRAINT "client_money_mpesa_deposits_entry_id_client_money_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."client_money_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_mpesa_deposits" ADD CONSTRAINT "client_money_mpesa_deposits_case_client_fk" FOREIGN KEY ("case_id","client_id") REFERENCES "public"."cases"("id","client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_mpesa_deposits" ADD CONSTRAINT "client_money_mpesa_deposits_account_fk" FOREIGN KEY ("account_id","account_kind") REFERENCES "public"."money_accounts"("id","kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_money_mpesa_deposits_checkout_idx" ON "client_money_mpesa_deposits" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_money_mpesa_deposits_receipt_idx" ON "client_money_mpesa_deposits" USING btree ("mpesa_receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "client_money_mpesa_deposits_entry_idx" ON "client_money_mpesa_deposits" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "client_money_mpesa_deposits_client_idx" ON "client_money_mpesa_deposits" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "client_money_mpesa_deposits_pending_idx" ON "client_money_mpesa_deposits" USING btree ("next_query_at") WHERE "client_money_mpesa_deposits"."status" = 'pending';

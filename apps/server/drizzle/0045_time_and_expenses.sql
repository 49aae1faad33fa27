-- Written by hand after src/db/schema/time.ts (the committed snapshots stop at 0014; see 0021).
-- Time and expenses on cases (ADR 050): the activities list, each person's rate, a case's fee
-- arrangement, time entries, expenses and each person's one timer.
CREATE TABLE "time_activities" (
	"name" text PRIMARY KEY NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "time_activities_name_check" CHECK (length("time_activities"."name") between 1 and 60)
);
--> statement-breakpoint
INSERT INTO "time_activities" ("name", "position") VALUES
	('attendance', 1), ('drafting', 2), ('perusal', 3), ('court appearance', 4), ('travel', 5),
	('correspondence', 6), ('research', 7), ('call', 8);
--> statement-breakpoint
CREATE TABLE "time_rates" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"hourly_rate_ksh" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_rates_rate_check" CHECK ("time_rates"."hourly_rate_ksh" >= 0)
);
--> statement-breakpoint
CREATE TABLE "case_fee_arrangements" (
	"case_id" uuid PRIMARY KEY NOT NULL REFERENCES "cases"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"agreed_on" date NOT NULL,
	"hourly_rate_ksh" integer,
	"fixed_fee_ksh" integer,
	"stages" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_fee_arrangements_kind_check" CHECK ("case_fee_arrangements"."kind" in ('hourly', 'fixed', 'stages')),
	CONSTRAINT "case_fee_arrangements_amounts_check" CHECK (("case_fee_arrangements"."hourly_rate_ksh" is null or "case_fee_arrangements"."hourly_rate_ksh" >= 0) and ("case_fee_arrangements"."fixed_fee_ksh" is null or "case_fee_arrangements"."fixed_fee_ksh" >= 0)),
	CONSTRAINT "case_fee_arrangements_fixed_check" CHECK (("case_fee_arrangements"."kind" = 'hourly') = ("case_fee_arrangements"."fixed_fee_ksh" is null))
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL REFERENCES "cases"("id") ON DELETE restrict,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"worked_on" date NOT NULL,
	"minutes" integer NOT NULL,
	"activity" text NOT NULL REFERENCES "time_activities"("name") ON DELETE restrict ON UPDATE cascade,
	"narrative" text NOT NULL,
	"billable" boolean NOT NULL,
	"rate_ksh" integer NOT NULL,
	"value_ksh" integer NOT NULL,
	"fee_note_id" uuid REFERENCES "fee_notes"("id") ON DELETE set null,
	"billed_at" timestamp with time zone,
	"billed_ksh" integer,
	"write_down_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_minutes_check" CHECK ("time_entries"."minutes" between 6 and 1440 and "time_entries"."minutes" % 6 = 0),
	CONSTRAINT "time_entries_rate_check" CHECK ("time_entries"."rate_ksh" >= 0),
	CONSTRAINT "time_entries_value_check" CHECK ("time_entries"."value_ksh" = ("time_entries"."rate_ksh"::bigint * "time_entries"."minutes" + 30) / 60),
	CONSTRAINT "time_entries_billed_check" CHECK ("time_entries"."billed_at" is null or "time_entries"."fee_note_id" is not null),
	CONSTRAINT "time_entries_write_down_check" CHECK (("time_entries"."billed_ksh" is null) = ("time_entries"."write_down_reason" is null) and ("time_entries"."billed_ksh" is null or ("time_entries"."billed_ksh" >= 0 and "time_entries"."billed_ksh" < "time_entries"."value_ksh")))
);
--> statement-breakpoint
CREATE INDEX "time_entries_case_idx" ON "time_entries" USING btree ("case_id","worked_on");
--> statement-breakpoint
CREATE INDEX "time_entries_user_idx" ON "time_entries" USING btree ("user_id","worked_on");
--> statement-breakpoint
CREATE INDEX "time_entries_fee_note_idx" ON "time_entries" USING btree ("fee_note_id");
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL REFERENCES "cases"("id") ON DELETE restrict,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"spent_on" date NOT NULL,
	"kind" text NOT NULL,
	"amount_ksh" integer NOT NULL,
	"payee" text NOT NULL,
	"paid_from" text NOT NULL,
	"receipt_name" text,
	"receipt_path" text,
	"receipt_mime" text,
	"receipt_bytes" integer,
	"fee_note_id" uuid REFERENCES "fee_notes"("id") ON DELETE set null,
	"billed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_kind_check" CHECK ("expenses"."kind" in ('court_fees', 'filing', 'stamp_duty', 'search', 'valuation', 'travel', 'courier', 'other')),
	CONSTRAINT "expenses_paid_from_check" CHECK ("expenses"."paid_from" in ('firm', 'client_account')),
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount_ksh" between 1 and 100000000),
	CONSTRAINT "expenses_billed_check" CHECK ("expenses"."billed_at" is null or "expenses"."fee_note_id" is not null)
);
--> statement-breakpoint
CREATE INDEX "expenses_case_idx" ON "expenses" USING btree ("case_id","spent_on");
--> statement-breakpoint
CREATE INDEX "expenses_fee_note_idx" ON "expenses" USING btree ("fee_note_id");
--> statement-breakpoint
CREATE TABLE "timers" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"case_id" uuid NOT NULL REFERENCES "cases"("id") ON DELETE cascade,
	"running_since" timestamp with time zone,
	"elapsed_seconds" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timers_elapsed_check" CHECK ("timers"."elapsed_seconds" >= 0)
);

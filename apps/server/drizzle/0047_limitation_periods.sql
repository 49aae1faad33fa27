-- Written by hand after src/db/schema/deadlines.ts (the committed snapshots stop at 0014; see
-- 0021). Limitation periods (ADR 051): the firm's table of periods, seeded with the sections of the
-- Limitation of Actions Act (Cap 22) and related statutes as packages/shared/src/deadlines/
-- limitation-periods.ts lists them; and the public holidays the firm adds itself.
CREATE TABLE "limitation_periods" (
	"kind" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"amount" integer NOT NULL,
	"unit" text NOT NULL,
	"source" text NOT NULL,
	"notice" text,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "limitation_periods_amount_check" CHECK ("limitation_periods"."amount" > 0 and "limitation_periods"."amount" <= 1200),
	CONSTRAINT "limitation_periods_unit_check" CHECK ("limitation_periods"."unit" in ('days', 'months', 'years')),
	CONSTRAINT "limitation_periods_kind_check" CHECK ("limitation_periods"."kind" ~ '^[a-z][a-z0-9_]{0,39}$')
);
--> statement-breakpoint
ALTER TABLE "limitation_periods" ADD CONSTRAINT "limitation_periods_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "firm_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"added_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firm_holidays" ADD CONSTRAINT "firm_holidays_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "limitation_periods" ("kind", "label", "amount", "unit", "source", "notice", "position") VALUES
('contract', 'Contract', 6, 'years', 'Limitation of Actions Act (Cap 22), section 4(1)(a)', NULL, 1),
('tort', 'Tort', 3, 'years', 'Limitation of Actions Act (Cap 22), section 4(2)', NULL, 2),
('defamation', 'Defamation (libel or slander)', 12, 'months', 'Limitation of Actions Act (Cap 22), section 4(2), proviso', NULL, 3),
('personal_injury', 'Personal injury', 3, 'years', 'Limitation of Actions Act (Cap 22), section 4(2); the court may extend it under section 27', NULL, 4),
('account', 'An account', 6, 'years', 'Limitation of Actions Act (Cap 22), section 4(3)', NULL, 5),
('judgment', 'Enforcing a judgment', 12, 'years', 'Limitation of Actions Act (Cap 22), section 4(4)', NULL, 6),
('penalty', 'A penalty or forfeiture under a written law', 2, 'years', 'Limitation of Actions Act (Cap 22), section 4(5)', NULL, 7),
('land', 'Recovery of land', 12, 'years', 'Limitation of Actions Act (Cap 22), section 7', NULL, 8),
('employment', 'Employment claim', 3, 'years', 'Employment Act, 2007, section 90', NULL, 9),
('government_tort', 'Tort against the government or a county', 12, 'months', 'Public Authorities Limitation Act (Cap 39), section 3(1)', 'Government Proceedings Act (Cap 40), section 13A: 30 days’ written notice to the Attorney-General before filing. The High Court has held this section unconstitutional; check the current position.', 10),
('government_contract', 'Contract with the government or a county', 3, 'years', 'Public Authorities Limitation Act (Cap 39), section 3(2)', 'Government Proceedings Act (Cap 40), section 13A: 30 days’ written notice to the Attorney-General before filing. The High Court has held this section unconstitutional; check the current position.', 11);

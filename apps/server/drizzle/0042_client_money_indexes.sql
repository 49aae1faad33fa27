-- Written to match src/db/schema/client-money.ts (the committed snapshots stop at 0014; see 0021).
-- Every client's balance at a past day (ADR 045) reads the entries dated after it (or up to it)
-- by date, and their client ledger lines from an index alone, instead of every line of the
-- journal (docs/benchmarks/api.md; BENCH_SCENARIO=client-money npm run bench:api).
CREATE INDEX "client_money_entries_date_idx" ON "client_money_entries" USING btree ("entry_date","id");--> statement-breakpoint
CREATE INDEX "client_money_lines_ledger_idx" ON "client_money_lines" USING btree ("entry_id","client_id","case_id","amount_ksh") WHERE "client_money_lines"."posts_to" = 'client_ledger';

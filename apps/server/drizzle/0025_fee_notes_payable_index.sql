-- Written to match src/db/schema/billing.ts (the committed snapshots stop at 0014; see 0021).
-- The overdue list and its count read only the fee notes still owed (ADR 035;
-- BENCH_SCENARIO=billing npm run bench:api).
CREATE INDEX "fee_notes_payable_created_idx" ON "fee_notes" USING btree ("created_at","id","due_date") WHERE "fee_notes"."status" in ('issued', 'partly_paid');

-- Written to match src/db/schema/{cases,appointments,messages}.ts (the committed snapshots stop at
-- 0014; see 0021). The reports (ADR 036) count cases by the day they opened and closed,
-- appointments by month, status, type and advocate, and the firm's answer times in each
-- conversation's order, each from an index alone (BENCH_SCENARIO=reports npm run bench:api).
CREATE INDEX "cases_created_at_idx" ON "cases" USING btree ("created_at","closed_at","category","status");--> statement-breakpoint
CREATE INDEX "cases_closed_at_idx" ON "cases" USING btree ("closed_at") WHERE "cases"."closed_at" is not null;--> statement-breakpoint
CREATE INDEX "appointments_starts_at_report_idx" ON "appointments" USING btree ("starts_at","status","type","advocate_id","cancelled_by","fee_ksh");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_asc_idx" ON "messages" USING btree ("conversation_id","created_at","id","from_client","sender_id");

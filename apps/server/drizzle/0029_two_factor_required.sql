-- Written to match src/db/schema/users.ts (the committed snapshots stop at 0014; see 0021).
-- Staff must set up a second factor (ADR 037): when it falls due for each one without it.
ALTER TABLE "users" ADD COLUMN "two_factor_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_two_factor_due_check" CHECK ("users"."role" <> 'client' or "users"."two_factor_due_at" is null);

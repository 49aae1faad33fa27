-- Written to match src/db/schema/billing.ts (the committed snapshots stop at 0014; see 0021).
-- M-Pesa (ADR 034): the queries Daraja refused for a push (a few, and it is given up, so pushes
-- it does not know cannot hold the front of the query batch), and only M-Pesa's transaction code
-- as a payment's receipt number (10 capital letters and digits: it reaches the client's text).
-- NOT VALID: rows written before stay as they are; every new or changed row is checked.
ALTER TABLE "payments" ADD COLUMN "query_refusals" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mpesa_receipt_format_check" CHECK ("payments"."mpesa_receipt_number" ~ '^[A-Z0-9]{10}$') NOT VALID;

-- Written by hand after src/db/schema/billing.ts (the committed snapshots stop at 0014; see 0021).
-- Where each payment came from (ADR 048): an M-Pesa push, the paybill's confirmation, recorded by
-- staff, or found by the daily sweep. Older rows are filled from what they already carry: a push
-- has Safaricom's CheckoutRequestID, a paybill payment is named by its paybill row or carries its
-- M-Pesa code; the rest were recorded by staff.
ALTER TABLE "payments" ADD COLUMN "source" text;--> statement-breakpoint
UPDATE "payments" SET "source" = CASE
	WHEN "checkout_request_id" IS NOT NULL THEN 'stk_push'
	WHEN "method" = 'mpesa' AND (
		EXISTS (SELECT 1 FROM "paybill_payments" pp WHERE pp."billing_payment_id" = "payments"."id")
		OR EXISTS (SELECT 1 FROM "paybill_payments" pp WHERE pp."trans_id" = "payments"."reference")
	) THEN 'paybill'
	ELSE 'manual'
END;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_source_check" CHECK ("payments"."source" in ('stk_push', 'paybill', 'manual', 'sweep'));

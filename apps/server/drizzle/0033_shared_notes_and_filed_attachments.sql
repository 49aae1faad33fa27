-- Written to match src/db/schema/cases.ts (the committed snapshots stop at 0014; see 0021).
-- A note shared with the client may be made internal again, its notification withdrawn, only
-- within a few minutes of being shared (ADR 014, "Un-sharing a note"): when it was shared is kept.
ALTER TABLE "case_notes" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
UPDATE "case_notes" SET "shared_at" = "created_at" WHERE "visible_to_client";--> statement-breakpoint
-- "File to case" files an attachment once (ADR 020): the document keeps the attachment it came
-- from, and the database holds one filed document per attachment, whatever writes the row.
ALTER TABLE "case_documents" ADD COLUMN "from_attachment_id" uuid;--> statement-breakpoint
ALTER TABLE "case_documents" ADD CONSTRAINT "case_documents_from_attachment_id_message_attachments_id_fk" FOREIGN KEY ("from_attachment_id") REFERENCES "public"."message_attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_documents_from_attachment_idx" ON "case_documents" USING btree ("from_attachment_id") WHERE "from_attachment_id" is not null;

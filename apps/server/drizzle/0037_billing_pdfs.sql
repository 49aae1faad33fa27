-- Issued fee notes', credit notes' and receipts' PDFs as last drawn, one row per document, kept
-- while the hash of what they show still matches (ADR 035, addendum).
CREATE TABLE "billing_pdfs" (
	"document" text PRIMARY KEY NOT NULL,
	"render_key" text NOT NULL,
	"bytes" bytea NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);

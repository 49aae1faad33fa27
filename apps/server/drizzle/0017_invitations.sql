-- hand-written (issue 25 item 1, ADR 024)
-- A new admin or client is invited by email with a link to choose their own password: the same
-- single-use, hashed token as a "forgot password" link, of kind 'invitation' and valid 72 hours.
-- Existing rows are reset links.
ALTER TABLE "password_reset_tokens" ADD COLUMN "kind" text DEFAULT 'reset' NOT NULL;
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_kind_check" CHECK ("password_reset_tokens"."kind" in ('reset', 'invitation'));

-- The setup checklist's firm-settings items (ADR 027): each is ticked by its own saved settings,
-- not by any save of the one form. The sections an advocate has saved, changed or reviewed.
ALTER TABLE "firm_settings" ADD COLUMN "saved_sections" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- Firms that saved before kept both items ticked by any save: they stay ticked.
UPDATE "firm_settings" SET "saved_sections" = ARRAY['firmDetails', 'officeHours'];

-- hand-written (issue 23 items 4 and 10, issue 24 item 2)
-- Automatic mail to an address nobody has proven: at most a few a day per recipient
-- (modules/mail-guard). One row per SHA-256 of the normalised address and Nairobi day; the
-- address itself is never stored.
CREATE TABLE "unproven_recipient_mail" (
	"recipient_hash" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "unproven_recipient_mail_recipient_hash_day_pk" PRIMARY KEY("recipient_hash","day"),
	CONSTRAINT "unproven_recipient_mail_sent_check" CHECK ("unproven_recipient_mail"."sent" >= 1)
);
--> statement-breakpoint
CREATE INDEX "unproven_recipient_mail_day_idx" ON "unproven_recipient_mail" USING btree ("day");
--> statement-breakpoint
-- A contact message's short reference, read out on the phone: MW- and five characters of an
-- alphabet without 0/O, 1/I/L and U (CONTACT_REFERENCE_ALPHABET in packages/shared).
ALTER TABLE "contact_messages" ADD COLUMN "reference" text;
--> statement-breakpoint
-- Messages already kept get one too, each unique, so the column can be NOT NULL.
DO $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTVWXYZ';
  message record;
  candidate text;
BEGIN
  FOR message IN SELECT id FROM contact_messages WHERE reference IS NULL LOOP
    LOOP
      SELECT 'MW-' || string_agg(substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1), '')
        INTO candidate FROM generate_series(1, 5);
      EXIT WHEN NOT EXISTS (SELECT 1 FROM contact_messages WHERE reference = candidate);
    END LOOP;
    UPDATE contact_messages SET reference = candidate WHERE id = message.id;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "reference" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "contact_messages_reference_idx" ON "contact_messages" USING btree ("reference");
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_reference_check" CHECK ("contact_messages"."reference" ~ '^MW-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$');

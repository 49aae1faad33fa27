-- Written by hand after src/db/schema/etims.ts (the committed snapshots stop at 0014; see 0021).
-- KRA eTIMS (ADR 049): each branch's device (the communication key sealed, the invoice counter)
-- and each fee note's and credit note's transmission, with KRA's answer; the advocates' bell
-- names a refusal (notifications' kind etims_refused).
CREATE TABLE "etims_devices" (
	"branch_id" text PRIMARY KEY NOT NULL,
	"device_serial" text NOT NULL,
	"sdc_id" text,
	"mrc_no" text,
	"sealed_cmc_key" text,
	"initialised_at" timestamp with time zone,
	"last_invc_no" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_devices_last_invc_no_check" CHECK ("etims_devices"."last_invc_no" >= 0),
	CONSTRAINT "etims_devices_initialised_check" CHECK (("etims_devices"."initialised_at" is null) = ("etims_devices"."sealed_cmc_key" is null) and ("etims_devices"."initialised_at" is null) = ("etims_devices"."sdc_id" is null))
);
--> statement-breakpoint
CREATE TABLE "etims_transmissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fee_note_id" uuid NOT NULL REFERENCES "fee_notes"("id") ON DELETE restrict,
	"kind" text NOT NULL,
	"branch_id" text NOT NULL REFERENCES "etims_devices"("branch_id") ON DELETE restrict,
	"invc_no" integer NOT NULL,
	"org_invc_no" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sending_since" timestamp with time zone,
	"cur_rcpt_no" integer,
	"tot_rcpt_no" integer,
	"intrl_data" text,
	"rcpt_sign" text,
	"sdc_date_time" text,
	"result_cd" text,
	"result_msg" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_transmissions_kind_check" CHECK ("etims_transmissions"."kind" in ('sale', 'credit')),
	CONSTRAINT "etims_transmissions_state_check" CHECK ("etims_transmissions"."state" in ('awaiting', 'sending', 'sent', 'refused')),
	CONSTRAINT "etims_transmissions_numbers_check" CHECK ("etims_transmissions"."invc_no" > 0 and "etims_transmissions"."attempts" >= 0 and ("etims_transmissions"."kind" = 'sale') = ("etims_transmissions"."org_invc_no" = 0) and "etims_transmissions"."org_invc_no" >= 0 and "etims_transmissions"."org_invc_no" < "etims_transmissions"."invc_no"),
	CONSTRAINT "etims_transmissions_sending_check" CHECK (("etims_transmissions"."state" = 'sending') = ("etims_transmissions"."sending_since" is not null)),
	CONSTRAINT "etims_transmissions_answer_check" CHECK (("etims_transmissions"."state" <> 'sent' or ("etims_transmissions"."cur_rcpt_no" is not null and "etims_transmissions"."tot_rcpt_no" is not null and "etims_transmissions"."rcpt_sign" is not null and "etims_transmissions"."sdc_date_time" is not null and "etims_transmissions"."sent_at" is not null)) and ("etims_transmissions"."state" <> 'refused' or ("etims_transmissions"."result_cd" is not null and "etims_transmissions"."result_msg" is not null)))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "etims_transmissions_branch_invc_no_idx" ON "etims_transmissions" USING btree ("branch_id","invc_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "etims_transmissions_fee_note_kind_idx" ON "etims_transmissions" USING btree ("fee_note_id","kind");
--> statement-breakpoint
CREATE INDEX "etims_transmissions_unsent_idx" ON "etims_transmissions" USING btree ("branch_id","invc_no") WHERE "etims_transmissions"."state" <> 'sent';
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'case_note_added', 'case_assigned', 'court_date_set', 'court_date_reminder', 'appointment_booked', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_reminder', 'permissions_changed', 'advocate_awaiting_verification', 'contact_message_received', 'visitor_booking_received', 'message_received', 'delivery_failed', 'fee_note_issued', 'fee_note_cancelled', 'payment_received', 'payment_flagged', 'backup_failed', 'backup_overdue', 'etims_refused'));

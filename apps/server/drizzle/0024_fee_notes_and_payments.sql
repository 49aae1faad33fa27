-- Written to match src/db/schema/billing.ts (the committed snapshots stop at 0014; see 0021).
-- Fee notes, their lines, and payments by hand or by M-Pesa (ADR 035, ADR 034); cheques join the
-- ways an appointment's fee is paid.
CREATE TABLE "billing_number_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "billing_number_counters_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "billing_number_counters_kind_check" CHECK ("billing_number_counters"."kind" in ('FN', 'CN', 'RC')),
	CONSTRAINT "billing_number_counters_last_value_check" CHECK ("billing_number_counters"."last_value" >= 1)
);
--> statement-breakpoint
CREATE TABLE "fee_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"case_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"issued_at" timestamp with time zone,
	"due_date" date NOT NULL,
	"buyer_kra_pin" text,
	"vat_rate_percent" smallint NOT NULL,
	"fees_ksh" integer NOT NULL,
	"disbursements_ksh" integer NOT NULL,
	"vat_ksh" integer NOT NULL,
	"total_ksh" integer NOT NULL,
	"paid_ksh" integer DEFAULT 0 NOT NULL,
	"credit_note_number" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by_id" uuid,
	"issued_by_id" uuid,
	"cancelled_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_notes_status_check" CHECK ("fee_notes"."status" in ('draft', 'issued', 'partly_paid', 'paid', 'cancelled')),
	CONSTRAINT "fee_notes_number_check" CHECK ("fee_notes"."number" ~ '^FN/[0-9]{4}/[0-9]{4,}$'),
	CONSTRAINT "fee_notes_credit_note_number_check" CHECK ("fee_notes"."credit_note_number" ~ '^CN/[0-9]{4}/[0-9]{4,}$'),
	CONSTRAINT "fee_notes_number_status_check" CHECK (("fee_notes"."status" = 'draft') = ("fee_notes"."number" is null) and ("fee_notes"."number" is null) = ("fee_notes"."issued_at" is null)),
	CONSTRAINT "fee_notes_cancelled_check" CHECK (("fee_notes"."status" = 'cancelled') = ("fee_notes"."credit_note_number" is not null) and ("fee_notes"."credit_note_number" is null) = ("fee_notes"."cancelled_at" is null) and ("fee_notes"."cancelled_at" is null) = ("fee_notes"."cancel_reason" is null)),
	CONSTRAINT "fee_notes_vat_rate_check" CHECK ("fee_notes"."vat_rate_percent" in (0, 16)),
	CONSTRAINT "fee_notes_totals_check" CHECK ("fee_notes"."fees_ksh" >= 0 and "fee_notes"."disbursements_ksh" >= 0 and "fee_notes"."vat_ksh" >= 0 and "fee_notes"."total_ksh" = "fee_notes"."fees_ksh" + "fee_notes"."disbursements_ksh" + "fee_notes"."vat_ksh"),
	CONSTRAINT "fee_notes_paid_check" CHECK ("fee_notes"."paid_ksh" >= 0 and "fee_notes"."paid_ksh" <= "fee_notes"."total_ksh"),
	CONSTRAINT "fee_notes_paid_status_check" CHECK (("fee_notes"."status" in ('draft', 'issued', 'cancelled') and "fee_notes"."paid_ksh" = 0) or ("fee_notes"."status" = 'partly_paid' and "fee_notes"."paid_ksh" > 0 and "fee_notes"."paid_ksh" < "fee_notes"."total_ksh") or ("fee_notes"."status" = 'paid' and "fee_notes"."paid_ksh" = "fee_notes"."total_ksh" and "fee_notes"."total_ksh" > 0))
);
--> statement-breakpoint
CREATE TABLE "fee_note_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fee_note_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_ksh" integer NOT NULL,
	"amount_ksh" integer NOT NULL,
	CONSTRAINT "fee_note_lines_kind_check" CHECK ("fee_note_lines"."kind" in ('fee', 'disbursement')),
	CONSTRAINT "fee_note_lines_quantity_check" CHECK ("fee_note_lines"."quantity" >= 1),
	CONSTRAINT "fee_note_lines_unit_price_check" CHECK ("fee_note_lines"."unit_price_ksh" >= 0),
	CONSTRAINT "fee_note_lines_amount_check" CHECK ("fee_note_lines"."amount_ksh" = "fee_note_lines"."quantity" * "fee_note_lines"."unit_price_ksh")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"fee_note_id" uuid,
	"appointment_id" uuid,
	"amount_ksh" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"receipt_number" text,
	"received_at" timestamp with time zone,
	"recorded_by_id" uuid,
	"phone" text,
	"checkout_request_id" text,
	"merchant_request_id" text,
	"mpesa_receipt_number" text,
	"result_code" integer,
	"result_desc" text,
	"flagged_reason" text,
	"next_query_at" timestamp with time zone,
	"query_attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_target_check" CHECK (("payments"."fee_note_id" is null) <> ("payments"."appointment_id" is null)),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_ksh" >= 1),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'bank', 'cheque', 'mpesa')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_receipt_number_check" CHECK ("payments"."receipt_number" ~ '^RC/[0-9]{4}/[0-9]{4,}$'),
	CONSTRAINT "payments_succeeded_check" CHECK (("payments"."status" = 'succeeded') = ("payments"."receipt_number" is not null) and ("payments"."status" = 'succeeded') = ("payments"."received_at" is not null)),
	CONSTRAINT "payments_push_check" CHECK ("payments"."checkout_request_id" is null or "payments"."method" = 'mpesa')
);
--> statement-breakpoint
ALTER TABLE "fee_notes" ADD CONSTRAINT "fee_notes_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fee_notes" ADD CONSTRAINT "fee_notes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fee_notes" ADD CONSTRAINT "fee_notes_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fee_notes" ADD CONSTRAINT "fee_notes_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fee_notes" ADD CONSTRAINT "fee_notes_case_client_fk" FOREIGN KEY ("case_id","client_id") REFERENCES "public"."cases"("id","client_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fee_note_lines" ADD CONSTRAINT "fee_note_lines_fee_note_id_fee_notes_id_fk" FOREIGN KEY ("fee_note_id") REFERENCES "public"."fee_notes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_note_id_fee_notes_id_fk" FOREIGN KEY ("fee_note_id") REFERENCES "public"."fee_notes"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_notes_number_idx" ON "fee_notes" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_notes_credit_note_number_idx" ON "fee_notes" USING btree ("credit_note_number");
--> statement-breakpoint
CREATE INDEX "fee_notes_client_created_idx" ON "fee_notes" USING btree ("client_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "fee_notes_case_id_idx" ON "fee_notes" USING btree ("case_id");
--> statement-breakpoint
CREATE INDEX "fee_notes_created_idx" ON "fee_notes" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "fee_notes_status_created_idx" ON "fee_notes" USING btree ("status","created_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_note_lines_position_idx" ON "fee_note_lines" USING btree ("fee_note_id","position");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_idx" ON "payments" USING btree ("receipt_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_request_id_idx" ON "payments" USING btree ("checkout_request_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_mpesa_receipt_number_idx" ON "payments" USING btree ("mpesa_receipt_number");
--> statement-breakpoint
CREATE INDEX "payments_fee_note_id_idx" ON "payments" USING btree ("fee_note_id");
--> statement-breakpoint
CREATE INDEX "payments_appointment_id_idx" ON "payments" USING btree ("appointment_id");
--> statement-breakpoint
CREATE INDEX "payments_client_created_idx" ON "payments" USING btree ("client_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "payments_pending_query_idx" ON "payments" USING btree ("next_query_at") WHERE "payments"."status" = 'pending';
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_payment_method_check";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_payment_method_check" CHECK ("appointments"."payment_method" is null or "appointments"."payment_method" in ('cash', 'bank', 'cheque', 'mpesa'));
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'case_note_added', 'case_assigned', 'court_date_set', 'court_date_reminder', 'appointment_booked', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_reminder', 'permissions_changed', 'advocate_awaiting_verification', 'contact_message_received', 'visitor_booking_received', 'message_received', 'delivery_failed', 'fee_note_issued', 'payment_received'));
--> statement-breakpoint
ALTER TABLE "notification_email_preferences" DROP CONSTRAINT "notification_email_preferences_kind_check";
--> statement-breakpoint
ALTER TABLE "notification_email_preferences" ADD CONSTRAINT "notification_email_preferences_kind_check" CHECK ("notification_email_preferences"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'court_date_set', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'fee_note_issued', 'payment_received', 'message_unread'));
--> statement-breakpoint
ALTER TABLE "sms_preferences" DROP CONSTRAINT "sms_preferences_kind_check";
--> statement-breakpoint
ALTER TABLE "sms_preferences" ADD CONSTRAINT "sms_preferences_kind_check" CHECK ("sms_preferences"."kind" in ('appointments', 'court_dates', 'messages', 'billing'));

-- Written to match src/db/schema/notifications.ts (the committed snapshots stop at 0014; see 0021).
-- A client is told in the bell, by email (the credit note attached) and by text when their fee
-- note is cancelled by a credit note (ADR 035).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('case_opened', 'case_status_changed', 'case_document_added', 'case_note_added', 'case_assigned', 'court_date_set', 'court_date_reminder', 'appointment_booked', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_reminder', 'permissions_changed', 'advocate_awaiting_verification', 'contact_message_received', 'visitor_booking_received', 'message_received', 'delivery_failed', 'fee_note_issued', 'fee_note_cancelled', 'payment_received', 'payment_flagged'));

// The dialogs of a card, loaded together when the list first needs one (appointments-list.tsx),
// each in a file of its own.
export { CancelModal } from './cancel-dialog';
export { ConfirmReviewModal } from './confirm-review-modal';
export { MeetingLinkModal } from './meeting-link-dialog';
export { PaymentModal } from './payment-dialog';
export { RescheduleModal } from './reschedule-dialog';

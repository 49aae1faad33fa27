import { defineEndpoints } from '../common/endpoints';

/** Fee notes, payments and M-Pesa (ADR 035, ADR 034): where each endpoint is; shapes in contract.ts. */
export const BILLING_ENDPOINTS = defineEndpoints({
  listFeeNotes: { method: 'GET', path: '/fee-notes' },
  createFeeNote: { method: 'POST', path: '/fee-notes' },
  getFeeNote: { method: 'GET', path: '/fee-notes/:id' },
  updateFeeNote: { method: 'PUT', path: '/fee-notes/:id' },
  deleteFeeNote: { method: 'DELETE', path: '/fee-notes/:id' },
  issueFeeNote: { method: 'POST', path: '/fee-notes/:id/issue' },
  cancelFeeNote: { method: 'POST', path: '/fee-notes/:id/cancel' },
  feeNotePdf: { method: 'GET', path: '/fee-notes/:id/pdf' },
  creditNotePdf: { method: 'GET', path: '/fee-notes/:id/credit-note' },
  recordPayment: { method: 'POST', path: '/payments' },
  listPayments: { method: 'GET', path: '/payments' },
  getPayment: { method: 'GET', path: '/payments/:id' },
  receiptPdf: { method: 'GET', path: '/payments/:id/receipt' },
  startMpesaPayment: { method: 'POST', path: '/payments/mpesa' },
  startVisitorMpesaPayment: { method: 'POST', path: '/payments/mpesa/visitor' },
  visitorPaymentStatus: { method: 'POST', path: '/payments/mpesa/visitor/status' },
  visitorReceiptPdf: { method: 'POST', path: '/payments/mpesa/visitor/receipt' },
  mpesaCallback: { method: 'POST', path: '/mpesa/callback/:secret' },
});

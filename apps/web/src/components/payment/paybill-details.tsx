import {
  DASHBOARD_MESSAGES as D,
  FIRM_SETTINGS_MESSAGES,
  MPESA_KIND_LABELS,
  MPESA_PAY_TEXTS,
  paybillAccountNumber,
  type PaymentInstructions,
} from '@firm/shared';
import { Link } from 'react-router';
import { firm, telHref } from '../../content/firm';

/**
 * How to pay the firm by hand: its M-Pesa paybill or till and instructions (System Settings), or,
 * while it has none, its number to call and a message to write: never a dead end. The dashboard's
 * Make Payment and a fee note's Pay with M-Pesa (when paying from the portal is not set up) show
 * it; `accountReference` (a fee note's number) is the paybill's account number, as on its PDF.
 */
export function PaybillDetails({
  payment,
  accountReference,
}: {
  payment: PaymentInstructions | null | undefined;
  accountReference?: string | null;
}) {
  return (
    <div className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
      {payment?.mpesaNumber ? (
        <dl className="space-y-1">
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium">M-Pesa {MPESA_KIND_LABELS[payment.mpesaKind]}:</dt>
            <dd className="font-mono text-base font-bold">{payment.mpesaNumber}</dd>
          </div>
          {accountReference && payment.mpesaKind === 'paybill' ? (
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-medium">{MPESA_PAY_TEXTS.accountNumber}:</dt>
              <dd className="font-mono text-base font-bold break-all">
                {paybillAccountNumber(accountReference)}
              </dd>
            </div>
          ) : payment.mpesaKind === 'paybill' ? (
            <div>
              <dt className="sr-only">{MPESA_PAY_TEXTS.accountNumber}</dt>
              <dd>{MPESA_PAY_TEXTS.accountNumberHowTo}</dd>
            </div>
          ) : null}
          {payment.mpesaInstructions ? (
            <div>
              <dt className="sr-only">Instructions</dt>
              <dd className="whitespace-pre-line">{payment.mpesaInstructions}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p>
          {FIRM_SETTINGS_MESSAGES.paymentNotSetUp} {FIRM_SETTINGS_MESSAGES.paymentCallUs}{' '}
          <a href={telHref(firm.phone)} className="font-medium whitespace-nowrap underline">
            {firm.phone}
          </a>{' '}
          {FIRM_SETTINGS_MESSAGES.paymentOrMessage}
          {': '}
          <Link to="/messages?new=1" className="font-medium underline">
            {D.sendMessage}
          </Link>
          .
        </p>
      )}
    </div>
  );
}

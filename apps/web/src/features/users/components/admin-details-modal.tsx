import { USER_MANAGEMENT_MESSAGES, type ManagedUser } from '@firm/shared';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatDate, fullName } from '../../../lib/format';
import { STATUS_TONE, displayStatus, formatLastLogin } from './user-format';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** 'Admin Details' (docs/product-rules.md#screens): contact, performance, dates, Activate/Deactivate and Close. */
export function AdminDetailsModal({
  admin,
  onClose,
  onToggleActive,
  isToggling,
}: {
  admin: ManagedUser;
  onClose: () => void;
  onToggleActive: () => void;
  isToggling: boolean;
}) {
  const status = displayStatus(admin);
  return (
    <Modal
      title="Admin Details"
      onClose={onClose}
      footer={
        <>
          <Button
            variant={admin.isActive ? 'secondary' : 'primary'}
            onClick={onToggleActive}
            isLoading={isToggling}
          >
            {admin.isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold text-slate-900">{fullName(admin)}</p>
        <Badge tone={STATUS_TONE[status]}>{status}</Badge>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Detail label="Email">{admin.email}</Detail>
        <Detail label="Phone">{admin.phone ?? USER_MANAGEMENT_MESSAGES.notGiven}</Detail>
        <Detail label="Cases assigned">{admin.casesAssigned}</Detail>
        <Detail label="Clients managed">{admin.clientsManaged}</Detail>
        <Detail label="Account created">{formatDate(admin.createdAt)}</Detail>
        <Detail label="Last login">{formatLastLogin(admin.lastLogin)}</Detail>
      </dl>
    </Modal>
  );
}

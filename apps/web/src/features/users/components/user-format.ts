import type { PublicUser, UserStatus } from '@firm/shared';
import { formatDateTime } from '../../../lib/format';

/** docs/product-rules.md#screens: a date, or 'Never' for someone who has not signed in. */
export const formatLastLogin = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

export type DisplayStatus = 'Active' | 'Inactive' | 'Pending verification';

export function displayStatus(user: Pick<PublicUser, 'isActive' | 'verificationStatus'>) {
  if (user.verificationStatus === 'pending') return 'Pending verification' as const;
  return user.isActive ? ('Active' as const) : ('Inactive' as const);
}

export const STATUS_TONE = {
  Active: 'green',
  Inactive: 'red',
  'Pending verification': 'amber',
} as const;

export const ROLE_LABEL = { advocate: 'Advocate', admin: 'Admin', client: 'Client' } as const;
export const ROLE_TONE = { advocate: 'purple', admin: 'blue', client: 'slate' } as const;

/** The status filter's choices; `pending` only where advocates are listed. */
export type StatusFilter = 'all' | UserStatus;
export const STATUS_FILTER_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'pending', label: 'Pending verification' },
];

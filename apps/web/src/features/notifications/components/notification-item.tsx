import { NOTIFICATION_MESSAGES as M, type Notification, type NotificationType } from '@firm/shared';
import { Check, CircleCheck, CircleX, Info, Trash2, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { relativeAge } from './relative-age';

const TYPE_ICONS: Record<NotificationType, { Icon: typeof Info; className: string }> = {
  success: { Icon: CircleCheck, className: 'text-green-700' },
  info: { Icon: Info, className: 'text-brand-700' },
  warning: { Icon: TriangleAlert, className: 'text-amber-700' },
  error: { Icon: CircleX, className: 'text-red-700' },
};

/** One entry of the bell's list: type icon, title, message, age and its actions. */
export function NotificationItem({
  notification,
  now,
  onRead,
  onRemove,
  onViewDetails,
}: {
  notification: Notification;
  now: number;
  onRead: () => void;
  onRemove: () => void;
  onViewDetails: () => void;
}) {
  const { Icon, className } = TYPE_ICONS[notification.type];
  const actionClass =
    'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2';
  return (
    <li
      className={`flex gap-3 border-b border-slate-100 px-4 py-3 last:border-b-0 ${
        notification.read ? 'bg-white' : 'bg-brand-50/60'
      }`}
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${className}`} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-slate-900">
          {notification.title}
          {notification.read ? null : <span className="sr-only"> (unread)</span>}
        </p>
        <p className="text-sm break-words text-slate-700">{notification.message}</p>
        <div className="mt-1 flex items-center gap-3 text-xs">
          <time dateTime={notification.timestamp} className="text-slate-600">
            {relativeAge(notification.timestamp, now)}
          </time>
          {notification.actionUrl ? (
            <Link
              to={notification.actionUrl}
              onClick={onViewDetails}
              className="font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              {M.viewDetails}
            </Link>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-start gap-1">
        {notification.read ? null : (
          <button
            type="button"
            className={actionClass}
            onClick={onRead}
            aria-label={`${M.markRead}: ${notification.title}`}
            title={M.markRead}
          >
            <Check aria-hidden="true" className="size-4" />
          </button>
        )}
        <button
          type="button"
          className={actionClass}
          onClick={onRemove}
          aria-label={`${M.remove}: ${notification.title}`}
          title={M.remove}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}

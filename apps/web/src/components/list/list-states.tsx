import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { errorText } from '../../lib/api-client';

/**
 * What a list shows while loading, after a failure (with Try again), or when it is empty. The
 * `compact` look is for a list inside a pane or a form field (the conversations, a conversation's
 * messages, the free times), where the full card would crowd it.
 */
export function ListLoading({ label }: { label: string }) {
  return <Spinner label={label} />;
}

export function ListError({
  message,
  onRetry,
  compact = false,
}: {
  message: string;
  onRetry: () => void;
  compact?: boolean;
}) {
  if (compact) {
    return (
      <div role="alert" className="p-4 text-sm text-red-800">
        <p>{message}</p>
        <Button size="sm" variant="neutral" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <AlertTriangle aria-hidden="true" className="mx-auto size-6 text-red-700" />
      <p className="mt-2 font-medium text-red-800">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function ListEmpty({
  title,
  hint,
  compact = false,
}: {
  title: string;
  hint?: ReactNode;
  compact?: boolean;
}) {
  if (compact) return <p className="p-4 text-sm text-slate-600">{title}</p>;
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
    </div>
  );
}

export function AccessDenied({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
      {message}
    </div>
  );
}

/** What the list components read of a TanStack Query result. */
export interface ListQuery<Data> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Data | undefined;
  refetch: () => unknown;
}

/**
 * What a screen shows for its query: the spinner (or the screen's own skeleton) while loading, the
 * error with Try again, the empty state (with the hint for a filtered list), or the rows. Every
 * list, and every screen that loads one thing, draws these states through here.
 */
export function ListResults<Data>({
  query,
  loadingLabel,
  loading,
  failedText,
  isEmpty,
  empty,
  compact = false,
  children,
}: {
  query: ListQuery<Data>;
  loadingLabel: string;
  /** The screen's skeleton, in place of the spinner. */
  loading?: ReactNode;
  /** Shown when the server gave no message of its own (docs/texts.md). */
  failedText: string;
  /** Left out where the data is one thing (a case, a profile) that is never empty. */
  isEmpty?: (data: Data) => boolean;
  empty?: { title: string; hint?: ReactNode };
  compact?: boolean;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return loading ?? <ListLoading label={loadingLabel} />;
  if (query.isError || query.data === undefined) {
    return (
      <ListError
        message={errorText(query.error, failedText)}
        onRetry={() => void query.refetch()}
        compact={compact}
      />
    );
  }
  if (empty && isEmpty?.(query.data)) {
    return <ListEmpty title={empty.title} hint={empty.hint} compact={compact} />;
  }
  return <>{children(query.data)}</>;
}

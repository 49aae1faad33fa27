import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { serverMessageOr } from '../../lib/api-client';

/** What a list shows while loading, after a failure (with Try again), or when it is empty. */
export function ListLoading({ label }: { label: string }) {
  return <Spinner label={label} />;
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
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

export function ListEmpty({ title, hint }: { title: string; hint?: ReactNode }) {
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
 * What a list shows for its query: the spinner while loading, the error with Try again, the empty
 * state (with the hint for a filtered list), or the rows.
 */
export function ListResults<Data>({
  query,
  loadingLabel,
  failedText,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery<Data>;
  loadingLabel: string;
  /** Shown when the server gave no message of its own (docs/texts.md). */
  failedText: string;
  isEmpty: (data: Data) => boolean;
  empty: { title: string; hint?: ReactNode };
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <ListLoading label={loadingLabel} />;
  if (query.isError || query.data === undefined) {
    return (
      <ListError
        message={serverMessageOr(query.error, failedText)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty(query.data)) return <ListEmpty title={empty.title} hint={empty.hint} />;
  return <>{children(query.data)}</>;
}

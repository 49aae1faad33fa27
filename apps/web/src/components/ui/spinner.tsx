import { MESSAGES } from '@firm/shared';

export function Spinner({ label = MESSAGES.loading }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
      />
      <span>{label}</span>
    </div>
  );
}

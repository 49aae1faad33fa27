import { Button } from '../ui/button';

/**
 * Says which filters a link (a dashboard tile) has set that the list's own controls do not show,
 * with "Show all" to clear them.
 */
export function FilterNotice({ text, onClear }: { text: string; onClear: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
      <p>{text}</p>
      <Button size="sm" variant="secondary" onClick={onClear}>
        Show all
      </Button>
    </div>
  );
}

/**
 * Above a list: the filters only a link sets (`filters`, their names with their defaults), said in
 * `text`, with "Show all" clearing every one of them; nothing while none is set (`text` empty).
 */
export function LinkFilterNotice<Name extends string>({
  text,
  filters,
  clearFilters,
}: {
  text: string;
  filters: Readonly<Record<Name, string>>;
  clearFilters: (names: readonly NoInfer<Name>[]) => void;
}) {
  if (!text) return null;
  return (
    <div className="mt-3">
      <FilterNotice text={text} onClear={() => clearFilters(Object.keys(filters) as Name[])} />
    </div>
  );
}

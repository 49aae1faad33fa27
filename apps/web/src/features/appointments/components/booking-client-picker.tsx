import type { UseFormRegisterReturn } from 'react-hook-form';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useBookableClients } from '../api/bookable-clients';

/**
 * Staff book for a client: a search by name or email, and the client chosen from what it finds.
 * A client chosen elsewhere (the Clients screen's Book appointment) starts chosen.
 */
export function BookingClientPicker({
  field,
  error,
  initialClient,
}: {
  /** The form's `clientId`. */
  field: UseFormRegisterReturn<'clientId'>;
  error?: string;
  initialClient?: { id: string; name: string };
}) {
  const [clientSearch, setClientSearch] = useState('');
  const clients = useBookableClients(useDebouncedValue(clientSearch.trim()), { enabled: true });
  const found = clients.data?.clients ?? [];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Find client"
        type="search"
        placeholder="Name or email"
        value={clientSearch}
        onChange={(event) => setClientSearch(event.target.value)}
      />
      <SelectField label="Client" error={error} {...field}>
        <option value="">Choose a client…</option>
        {/* One list, one key per client: the pre-chosen client's option is moved, not
              replaced, when the list arrives, so it stays selected. */}
        {[
          ...(initialClient && !found.some((client) => client.id === initialClient.id)
            ? [{ id: initialClient.id, label: initialClient.name }]
            : []),
          ...found.map((client) => ({
            id: client.id,
            label: `${client.name} (${client.email})`,
          })),
        ].map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

import { MESSAGE_LIMITS, type ConversationCreated } from '@firm/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateConversation } from '../api/create-conversation';
import { useCaseChoices, useClientChoices } from '../api/pickers';

export interface NewConversationModalProps {
  /** Staff choose the client; a client writes to the firm. */
  isStaff: boolean;
  /** Staff who may not list cases (an admin without canOpenFiles) write general conversations. */
  mayListCases: boolean;
  onClose: () => void;
  onCreated: (created: ConversationCreated) => void;
}

export function NewConversationModal({
  isStaff,
  mayListCases,
  onClose,
  onCreated,
}: NewConversationModalProps) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [caseId, setCaseId] = useState('');
  const [clientId, setClientId] = useState<string | null>(null);
  const [clientSearch, setClientSearch] = useState('');
  const debouncedSearch = useDebouncedValue(clientSearch, 300);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateConversation();
  const clients = useClientChoices(debouncedSearch, isStaff);
  const cases = useCaseChoices(
    isStaff ? clientId : null,
    mayListCases && (!isStaff || clientId !== null),
  );
  const bodyId = useId();
  const caseSelectId = useId();
  const formId = useId();

  const submit = () => {
    const found: Record<string, string> = {};
    if (!subject.trim()) found.subject = 'Please enter a subject';
    if (!body.trim()) found.body = 'Please write a message';
    if (isStaff && !clientId) found.clientId = 'Please choose the client';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFormError(null);
    create.mutate(
      {
        subject: subject.trim(),
        body: body.trim(),
        caseId: caseId || undefined,
        clientId: isStaff ? (clientId ?? undefined) : undefined,
      },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (error instanceof ApiError && error.errors) setErrors(error.errors);
          setFormError(serverMessageOr(error, 'Failed to send the message'));
        },
      },
    );
  };

  return (
    <Modal
      title="New Message"
      onClose={onClose}
      isBusy={create.isPending}
      size="lg"
      footer={
        <>
          <Button variant="neutral" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={create.isPending} loadingText="Sending…">
            Send
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        {isStaff ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Client</legend>
            <TextField
              label="Search clients"
              type="search"
              value={clientSearch}
              onChange={(event) => setClientSearch(event.target.value)}
              error={errors.clientId}
            />
            {clients.isError ? (
              <p role="alert" className="text-sm text-red-800">
                {serverMessageOr(clients.error, 'Failed to load clients')}
              </p>
            ) : (
              <div className="max-h-40 space-y-1 overflow-y-auto">
                {(clients.data?.clients ?? []).map((client) => (
                  <label key={client.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="client"
                      value={client.id}
                      checked={clientId === client.id}
                      onChange={() => {
                        setClientId(client.id);
                        setCaseId('');
                      }}
                    />
                    {client.firstName} {client.lastName}{' '}
                    <span className="text-slate-600">({client.email})</span>
                  </label>
                ))}
                {clients.data && clients.data.clients.length === 0 ? (
                  <p className="text-sm text-slate-600">No clients match.</p>
                ) : null}
              </div>
            )}
          </fieldset>
        ) : null}
        <div>
          <label htmlFor={caseSelectId} className="mb-1 block text-sm font-medium text-slate-800">
            About
          </label>
          <select
            id={caseSelectId}
            value={caseId}
            onChange={(event) => setCaseId(event.target.value)}
            disabled={isStaff && !clientId}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base sm:text-sm"
          >
            <option value="">General (not about a case)</option>
            {(cases.data?.cases ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.caseNumber} · {item.title}
              </option>
            ))}
          </select>
          {errors.caseId ? <p className="mt-1 text-sm text-red-700">{errors.caseId}</p> : null}
        </div>
        <TextField
          label="Subject"
          required
          value={subject}
          maxLength={MESSAGE_LIMITS.subjectMax}
          onChange={(event) => setSubject(event.target.value)}
          error={errors.subject}
        />
        <div>
          <label htmlFor={bodyId} className="mb-1 block text-sm font-medium text-slate-800">
            Message
          </label>
          <textarea
            id={bodyId}
            rows={5}
            value={body}
            maxLength={MESSAGE_LIMITS.bodyMax}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${bodyId}-error` : undefined}
            onChange={(event) => setBody(event.target.value)}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
          {errors.body ? (
            <p id={`${bodyId}-error`} className="mt-1 text-sm text-red-700">
              {errors.body}
            </p>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}

import {
  MESSAGES,
  MESSAGE_LIMITS,
  MESSAGE_MESSAGES,
  MESSAGE_SCREEN,
  type ConversationCreated,
  MESSAGE_SCREEN_STATES,
} from '@firm/shared';
import { useId, useState, type DragEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { CharacterCount, useCharacterCount } from '../../../components/ui/character-count';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateConversation } from '../api/create-conversation';
import { useCaseChoices, useChosenClient, useClientChoices, useStaffChoices } from '../api/pickers';
import { AttachButton, AttachmentList, withAddedFiles } from './attachment-list';

export interface NewConversationModalProps {
  /** Staff choose the client; a client writes to the firm. */
  isStaff: boolean;
  /** Staff who may not list cases (an admin without canOpenFiles) write general conversations. */
  mayListCases: boolean;
  /** The signed-in member of staff: named anyway, so not offered among the colleagues. */
  actorId?: string;
  /** Staff: the client already chosen (`/messages?new=1&client=<id>`, from the client page). */
  initialClientId?: string | null;
  onClose: () => void;
  onCreated: (created: ConversationCreated) => void;
}

/** What the form holds; the files are kept beside it (they are not form values). */
interface NewMessageForm {
  subject: string;
  body: string;
  caseId: string;
  /** Staff: the client chosen ('' until one is). */
  clientId: string;
  staffIds: string[];
}

export function NewConversationModal({
  isStaff,
  mayListCases,
  actorId,
  initialClientId = null,
  onClose,
  onCreated,
}: NewConversationModalProps) {
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<NewMessageForm>({
    defaultValues: {
      subject: '',
      body: '',
      caseId: '',
      clientId: isStaff ? (initialClientId ?? '') : '',
      staffIds: [],
    },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [clientSearch, setClientSearch] = useState('');
  const debouncedSearch = useDebouncedValue(clientSearch, 300);
  const [formError, setFormError] = useState<string | null>(null);
  const clientId = useWatch({ control, name: 'clientId' });
  const staffIds = useWatch({ control, name: 'staffIds' });
  const create = useCreateConversation();
  const clients = useClientChoices(debouncedSearch, isStaff);
  const chosen = useChosenClient(isStaff ? initialClientId : null);
  const colleagues = useStaffChoices(isStaff);
  const cases = useCaseChoices(
    isStaff ? clientId || null : null,
    mayListCases && (!isStaff || clientId !== ''),
  );
  const bodyId = useId();
  const body = register('body', {
    // As for any message: text, files, or both.
    validate: (value) => value.trim() !== '' || files.length > 0 || MESSAGE_MESSAGES.bodyRequired,
  });
  const {
    used: bodyUsed,
    setUsed: setBodyUsed,
    attach: attachBody,
  } = useCharacterCount<HTMLTextAreaElement>();
  const caseSelectId = useId();
  const formId = useId();

  const addFiles = (list: FileList | File[]) => {
    const added = withAddedFiles(files, list);
    if ('error' in added) {
      setFilesError(added.error);
      return;
    }
    setFilesError(null);
    setFiles(added.files);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  };

  const submit = handleSubmit((values) => {
    setFormError(null);
    if (files.length > 0) setProgress(files.map(() => 0));
    create.mutate(
      {
        input: {
          subject: values.subject.trim(),
          body: values.body.trim(),
          caseId: values.caseId || undefined,
          clientId: isStaff ? values.clientId || undefined : undefined,
          ...(isStaff && values.staffIds.length > 0 ? { staffIds: values.staffIds } : {}),
        },
        files,
        onProgress: setProgress,
      },
      {
        onSuccess: (created) => onCreated(created),
        onError: (error) => {
          applyServerErrors(error, setError, ['subject', 'body', 'caseId', 'clientId', 'staffIds']);
          if (error instanceof ApiError && error.errors?.files) setFilesError(error.errors.files);
          setFormError(errorText(error, MESSAGE_SCREEN_STATES.sendFailed));
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  // The chosen client (from a link) heads the list when the search does not hold them.
  const clientOptions = [
    ...(chosen.data && !(clients.data?.clients ?? []).some((c) => c.id === chosen.data.id)
      ? [chosen.data]
      : []),
    ...(clients.data?.clients ?? []),
  ];
  const colleagueOptions = (colleagues.data?.staff ?? []).filter((person) => person.id !== actorId);

  return (
    <Modal
      title="New Message"
      onClose={onClose}
      isBusy={create.isPending}
      size="lg"
      footer={
        <ModalFooter
          onCancel={onClose}
          form={formId}
          actionLabel="Send"
          busyLabel={MESSAGES.sending}
          isBusy={create.isPending}
        />
      }
    >
      <form
        id={formId}
        noValidate
        className={`space-y-4 ${isDragging ? 'rounded-md ring-2 ring-brand-600' : ''}`}
        onSubmit={(event) => void submit(event)}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
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
              error={errors.clientId?.message}
            />
            {clients.isError ? (
              <p role="alert" className="text-sm text-red-800">
                {errorText(clients.error, MESSAGE_SCREEN_STATES.clientsLoadFailed)}
              </p>
            ) : (
              <div className="max-h-40 space-y-1 overflow-y-auto">
                {clientOptions.map((client) => (
                  <label key={client.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      value={client.id}
                      {...register('clientId', {
                        validate: (value) =>
                          !isStaff || value !== '' || MESSAGE_MESSAGES.clientRequired,
                        // Another client's cases are not this one's.
                        onChange: () => setValue('caseId', ''),
                      })}
                    />
                    {client.firstName} {client.lastName}{' '}
                    <span className="text-slate-600">({client.email})</span>
                  </label>
                ))}
                {clients.data && clientOptions.length === 0 ? (
                  <p className="text-sm text-slate-600">{MESSAGE_SCREEN_STATES.noClientsMatch}</p>
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
            {...register('caseId')}
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
          {errors.caseId ? (
            <p className="mt-1 text-sm text-red-700">{errors.caseId.message}</p>
          ) : null}
        </div>
        <TextField
          label="Subject"
          required
          counted
          maxLength={MESSAGE_LIMITS.subjectMax}
          {...register('subject', {
            validate: (value) => value.trim() !== '' || MESSAGE_MESSAGES.subjectRequired,
          })}
          error={errors.subject?.message}
        />
        <div>
          <label htmlFor={bodyId} className="mb-1 block text-sm font-medium text-slate-800">
            Message
          </label>
          <textarea
            id={bodyId}
            rows={5}
            maxLength={MESSAGE_LIMITS.bodyMax}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={`${errors.body ? `${bodyId}-error ` : ''}${bodyId}-count`}
            {...body}
            ref={(node) => {
              attachBody(node);
              body.ref(node);
            }}
            onChange={(event) => {
              setBodyUsed(event.target.value.length);
              void body.onChange(event);
            }}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
          <CharacterCount id={`${bodyId}-count`} used={bodyUsed} max={MESSAGE_LIMITS.bodyMax} />
          {errors.body ? (
            <p id={`${bodyId}-error`} className="mt-1 text-sm text-red-700">
              {errors.body.message}
            </p>
          ) : null}
        </div>
        <div>
          <div className="flex items-center gap-2">
            <AttachButton onFiles={addFiles} disabled={create.isPending} />
            <p className="text-sm text-slate-600">{MESSAGE_SCREEN.dropHint}</p>
          </div>
          <AttachmentList
            files={files}
            progress={progress}
            onRemove={(index) => setFiles(files.filter((_, i) => i !== index))}
          />
          {filesError ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {filesError}
            </p>
          ) : null}
        </div>
        {isStaff && colleagueOptions.length > 0 ? (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">
              {MESSAGE_SCREEN.colleagues}
            </legend>
            <p className="text-sm text-slate-600">{MESSAGE_SCREEN.colleaguesHint}</p>
            <div className="max-h-32 space-y-1 overflow-y-auto">
              {colleagueOptions.map((person) => (
                <label key={person.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={person.id}
                    disabled={
                      !staffIds.includes(person.id) && staffIds.length >= MESSAGE_LIMITS.staffMax
                    }
                    {...register('staffIds')}
                  />
                  {person.name}
                </label>
              ))}
            </div>
            {errors.staffIds ? (
              <p className="text-sm text-red-700">{errors.staffIds.message}</p>
            ) : null}
          </fieldset>
        ) : null}
      </form>
    </Modal>
  );
}

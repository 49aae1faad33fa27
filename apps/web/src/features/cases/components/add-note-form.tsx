import { CASE_LIMITS, CASE_MESSAGES, type AddNoteInput, CASE_SCREEN_FAILURES } from '@firm/shared';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { CharacterCount, useCharacterCount } from '../../../components/ui/character-count';
import { inputClass } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useAddNote } from '../api/change-case';

/** The schema (and zod) load when the form is first used (lib/lazy-resolver.ts). */
const noteResolver = lazyZodResolver(() =>
  import('@firm/shared/cases/schemas').then((m) => m.addNoteInputSchema),
);

type NoteForm = { content: string; sharing: 'internal' | 'shared' };

/**
 * 'Add Note' for staff: internal to the firm unless shared with the client. Every new note starts
 * internal, whatever the last one was, and the button says when it will share: a note written
 * after a shared one once reached the client by the choice left over (ADR 014).
 */
export function AddNoteForm({ caseId }: { caseId: string }) {
  const id = useId();
  const add = useAddNote(caseId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NoteForm>({
    defaultValues: { content: '', sharing: 'internal' },
    resolver: async (values, context, options) => {
      const result = await noteResolver(
        { content: values.content, visibleToClient: values.sharing === 'shared' } as AddNoteInput,
        context,
        options as never,
      );
      return result.errors && Object.keys(result.errors).length > 0
        ? { values: {}, errors: result.errors as never }
        : { values, errors: {} };
    },
  });

  const sharing = useWatch({ control, name: 'sharing' });
  const content = register('content');
  const {
    used: contentUsed,
    setUsed: setContentUsed,
    attach: attachContent,
  } = useCharacterCount<HTMLTextAreaElement>();

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = await add.mutateAsync({
        content: values.content,
        visibleToClient: values.sharing === 'shared',
      });
      toast.success(body.message);
      reset({ content: '', sharing: 'internal' });
    } catch (error) {
      applyServerErrors(error, setError, ['content']);
      toast.error(errorText(error, CASE_SCREEN_FAILURES.noteFailed));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={noteResolver.preload} className="mt-3 space-y-2">
      <label htmlFor={`${id}-content`} className="text-sm font-medium text-slate-800">
        New note
      </label>
      <textarea
        id={`${id}-content`}
        rows={3}
        maxLength={CASE_LIMITS.noteMax}
        aria-invalid={errors.content ? true : undefined}
        aria-describedby={`${errors.content ? `${id}-error ` : ''}${id}-count`}
        className={inputClass(Boolean(errors.content))}
        {...content}
        ref={(node) => {
          attachContent(node);
          content.ref(node);
        }}
        onChange={(event) => {
          setContentUsed(event.target.value.length);
          void content.onChange(event);
        }}
      />
      <CharacterCount id={`${id}-count`} used={contentUsed} max={CASE_LIMITS.noteMax} />
      {errors.content ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {errors.content.message}
        </p>
      ) : null}
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        <legend className="sr-only">{CASE_MESSAGES.noteSharingLegend}</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            value="internal"
            className="accent-brand-700"
            {...register('sharing')}
          />
          {CASE_MESSAGES.noteInternalOption}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            value="shared"
            className="accent-brand-700"
            {...register('sharing')}
          />
          {CASE_MESSAGES.noteSharedOption}
        </label>
      </fieldset>
      <Button
        type="submit"
        size="sm"
        isLoading={isSubmitting}
        loadingText={CASE_MESSAGES.addingNote}
      >
        {sharing === 'shared' ? CASE_MESSAGES.addNoteShared : CASE_MESSAGES.addNote}
      </Button>
    </form>
  );
}

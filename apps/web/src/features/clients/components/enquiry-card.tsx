import {
  MESSAGES,
  CONTACT_MESSAGES,
  APPOINTMENT_MESSAGES,
  APPOINTMENT_TYPE_DEFAULTS,
  ENQUIRY_KIND_LABELS,
  ENQUIRY_MESSAGES,
  ENQUIRY_NOTE_MAX,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUS_MOVES,
  can,
  whoMay,
  type Enquiry,
  type EnquiryTriageForm,
  type EnquiryTriageValues,
  type PublicUser,
  type UserCreated,
  CLIENT_SCREEN_FAILURES,
} from '@firm/shared';
import { AlertTriangle, Mail, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorText } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { formatDateTime } from '../../../lib/format';
import { refreshNavCounts } from '../../../lib/nav-counts';
import { useConvertEnquiry } from '../api/convert-enquiry';
import { useUpdateEnquiry } from '../api/update-enquiry';
import { NewAccountModal } from '../../../components/forms/new-account-modal';
import { EmailText } from '../../../components/ui/email-text';
import { PhoneText } from '../../../components/ui/phone-text';

/** "Reply by email": the visitor's address, "Re: <subject>" and their words quoted. */
export function replyLink(enquiry: Enquiry): string {
  const quoted = enquiry.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `Dear ${enquiry.firstName || enquiry.name},\n\n\n\nOn ${formatDateTime(enquiry.receivedAt)} you wrote:\n${quoted}\n`;
  const params = new URLSearchParams({ subject: `Re: ${enquiry.subject}`, body });
  // mailto wants %20 for spaces, not URLSearchParams' "+".
  return `mailto:${encodeURIComponent(enquiry.email)}?${params.toString().replace(/\+/g, '%20')}`;
}

/** The schema (and zod) load when a person first focuses the status or note (lib/lazy-resolver.ts). */
const triageResolver = lazyZodResolver(() =>
  import('@firm/shared/clients/schemas').then((m) => m.enquiryTriageFormSchema),
);

const URGENCY_TONE = { normal: 'slate', urgent: 'amber', emergency: 'red' } as const;
const URGENCY_BORDER = {
  normal: 'border-slate-200',
  urgent: 'border-amber-400 border-l-4',
  emergency: 'border-red-500 border-l-4',
} as const;

/**
 * One enquiry of the inbox: who, what, when, its urgency (urgent and emergency stand out), its
 * status and note with who last changed them, 'Reply by email' and 'Convert to client'.
 */
export function EnquiryCard({
  enquiry,
  actor,
  onConverted,
}: {
  enquiry: Enquiry;
  actor: PublicUser;
  onConverted: (created: UserCreated) => void;
}) {
  const formId = useId();
  const update = useUpdateEnquiry();
  const convert = useConvertEnquiry(enquiry.kind, enquiry.id);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<EnquiryTriageForm, unknown, EnquiryTriageValues>({
    defaultValues: { status: enquiry.status, note: enquiry.note ?? '' },
    resolver: triageResolver,
  });
  const [status, note] = useWatch({ control, name: ['status', 'note'] });
  const [converting, setConverting] = useState(false);
  const mayConvert = can(actor, 'enquiries:convert');
  const headingId = `${formId}-heading`;
  const isCancelled = enquiry.booking?.status === 'cancelled';
  const choices = [enquiry.status, ...ENQUIRY_STATUS_MOVES[enquiry.status]];
  const isChanged = status !== enquiry.status || note.trim() !== (enquiry.note ?? '');

  const save = handleSubmit(async ({ status, note }) => {
    try {
      const result = await update.mutateAsync({
        kind: enquiry.kind,
        id: enquiry.id,
        input: {
          ...(status !== enquiry.status ? { status } : {}),
          ...(note !== (enquiry.note ?? '') ? { note } : {}),
          version: enquiry.version,
        },
      });
      toast.success(result.message);
      refreshNavCounts();
    } catch (error) {
      toast.error(errorText(error, CLIENT_SCREEN_FAILURES.enquiryUpdateFailed));
      setValue('status', enquiry.status);
    }
  });

  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-lg border bg-white p-4 sm:p-5 ${URGENCY_BORDER[enquiry.urgency]}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={enquiry.kind === 'booking' ? 'purple' : 'blue'}>
          {ENQUIRY_KIND_LABELS[enquiry.kind]}
        </Badge>
        {enquiry.urgency === 'normal' ? null : (
          <Badge tone={URGENCY_TONE[enquiry.urgency]}>
            <AlertTriangle aria-hidden="true" className="mr-1 size-3" />
            {enquiry.urgency === 'urgent' ? 'Urgent' : 'Emergency'}
          </Badge>
        )}
        {/* A cancelled booking is not new business: it says Cancelled. */}
        {isCancelled ? (
          <Badge tone="red">{APPOINTMENT_MESSAGES.cancelledState}</Badge>
        ) : (
          <Badge tone={enquiry.status === 'new' ? 'green' : 'slate'}>
            {ENQUIRY_STATUS_LABELS[enquiry.status]}
          </Badge>
        )}
        <span className="text-sm text-slate-600">
          Received {formatDateTime(enquiry.receivedAt)}
        </span>
        {enquiry.reference ? (
          <span className="font-mono text-sm text-slate-700">
            {CONTACT_MESSAGES.referenceLabel(enquiry.reference)}
          </span>
        ) : null}
      </div>
      <h2 id={headingId} className="mt-3 text-lg font-semibold break-words text-slate-900">
        {enquiry.subject}
      </h2>
      <p className="text-sm text-slate-700">
        From <span className="font-medium">{enquiry.name}</span> ·{' '}
        <EmailText email={enquiry.email} />
        {enquiry.phone ? (
          <>
            {' · '}
            <PhoneText phone={enquiry.phone} />
          </>
        ) : null}
      </p>
      {enquiry.booking && isCancelled ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="booking-cancelled">
          {APPOINTMENT_TYPE_DEFAULTS[enquiry.booking.type].label}, was{' '}
          <s>{formatDateTime(enquiry.booking.startsAt)}</s>.{' '}
          {enquiry.booking.cancelledAt
            ? APPOINTMENT_MESSAGES.cancelledOn(
                formatDateTime(enquiry.booking.cancelledAt),
                enquiry.booking.cancelledBy,
                'firm',
              )
            : APPOINTMENT_MESSAGES.cancelledState}
        </p>
      ) : enquiry.booking ? (
        <p className="mt-1 text-sm text-slate-700">
          {APPOINTMENT_TYPE_DEFAULTS[enquiry.booking.type].label} on{' '}
          {formatDateTime(enquiry.booking.startsAt)}
        </p>
      ) : null}
      <blockquote className="mt-3 border-l-2 border-slate-200 pl-3 text-sm whitespace-pre-line break-words text-slate-800">
        {enquiry.message}
      </blockquote>

      <form
        id={`${formId}-triage`}
        noValidate
        onSubmit={(event) => void save(event)}
        onFocus={triageResolver.preload}
        className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr]"
      >
        <SelectField label="Status" error={errors.status?.message} {...register('status')}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {ENQUIRY_STATUS_LABELS[choice]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Note"
          rows={2}
          maxLength={ENQUIRY_NOTE_MAX}
          error={errors.note?.message}
          {...register('note')}
        />
      </form>
      {enquiry.changedBy && enquiry.changedAt ? (
        <p className="mt-2 text-xs text-slate-600">
          Last changed by {enquiry.changedBy.name} on {formatDateTime(enquiry.changedAt)}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={!isChanged}
          isLoading={update.isPending}
          loadingText={MESSAGES.saving}
          type="submit"
          form={`${formId}-triage`}
          aria-label={`Save status and note of ${enquiry.subject}`}
        >
          Save
        </Button>
        <a
          href={replyLink(enquiry)}
          className={buttonVariants({ size: 'sm', variant: 'secondary' })}
        >
          <Mail aria-hidden="true" className="size-4" />
          {ENQUIRY_MESSAGES.replyByEmail}
        </a>
        {enquiry.client ? (
          can(actor, 'clients:view') ? (
            <Link
              to={`/clients/${enquiry.client.id}`}
              className={buttonVariants({ size: 'sm', variant: 'ghost' })}
            >
              Client: {enquiry.client.name}
            </Link>
          ) : (
            <span className="self-center text-sm text-slate-700">
              Client: {enquiry.client.name}
            </span>
          )
        ) : (
          <Button
            size="sm"
            variant="neutral"
            // Shown to all who see the enquiry, so the step is known; refused with its reason.
            disabled={!mayConvert}
            aria-describedby={mayConvert ? undefined : `${formId}-convert-reason`}
            onClick={() => setConverting(true)}
          >
            <UserPlus aria-hidden="true" className="size-4" />
            {ENQUIRY_MESSAGES.convertToClient}
          </Button>
        )}
      </div>
      {!enquiry.client && !mayConvert ? (
        <p id={`${formId}-convert-reason`} className="mt-2 text-sm text-slate-700">
          {whoMay('enquiries:convert')}
        </p>
      ) : null}

      {converting ? (
        <NewAccountModal
          title={ENQUIRY_MESSAGES.convertToClient}
          submitLabel="Create Client"
          description="Check the details from the enquiry. A temporary password is generated and shown once."
          defaultValues={{
            firstName: enquiry.firstName,
            lastName: enquiry.lastName,
            email: enquiry.email,
            phone: enquiry.phone ?? '',
          }}
          submit={(input) => convert.mutateAsync(input)}
          onClose={() => setConverting(false)}
          onCreated={(created) => {
            setConverting(false);
            refreshNavCounts();
            onConverted(created);
          }}
        />
      ) : null}
    </article>
  );
}

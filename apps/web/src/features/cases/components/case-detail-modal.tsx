import {
  CASE_MESSAGES,
  CLIENT_MONEY_SCREEN_TEXTS,
  PARTY_ROLES,
  can,
  type CaseDetail,
  type PublicUser,
  isStaffAccount,
  mayUnshareNote,
  CASE_SCREEN_FAILURES,
  TIME_SCREEN_TEXTS,
  UNBILLED_SCREEN_TEXTS,
} from '@firm/shared';
import { Download, Eye, Lock, Trash2 } from 'lucide-react';
import { Fragment, lazy, Suspense, useEffect, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ClientMoneyPanel } from '../../../components/client-money/client-money-panel';
import { ExpensesPanel } from '../../../components/time/expenses-panel';
import { FeeArrangementSummary } from '../../../components/time/fee-arrangement';
import { TimePanel } from '../../../components/time/time-panel';
import { UnbilledWork } from '../../../components/time/unbilled-work';
import { ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDeleteDocument, useSetVisibility } from '../api/change-case';
import { downloadDocument } from '../api/documents';
import { useCase } from '../api/get-case';
import { CaseControls } from './case-controls';
import {
  PRIORITY_TONE,
  STATUS_TONE,
  capitalised,
  categoryText,
  formatMegabytes,
  statusText,
} from './case-format';
import { UploadDocuments } from './upload-documents';

// Staff's Add Note form, with react-hook-form, loads when the dialog opens for someone who may
// add notes, beside the case itself: the list of cases (whose chunk holds this dialog) no longer
// downloads and runs the forms library for a client who never adds a note (ADR 032).
const loadAddNoteForm = () => import('./add-note-form');
const AddNoteForm = lazy(() => loadAddNoteForm().then((m) => ({ default: m.AddNoteForm })));

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-brand-900">{title}</h3>
        {action}
      </div>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Staff's badge and switch for what the client sees of one document or note: sharing
 * is one press and tells the client; making a shared item internal asks first, since it takes
 * something away from the client's screen.
 */
function SharingControl({
  caseId,
  kind,
  id,
  name,
  shared,
  mayChange,
}: {
  caseId: string;
  kind: 'document' | 'note';
  id: string;
  name: string;
  shared: boolean;
  mayChange: boolean;
}) {
  const change = useSetVisibility(caseId);
  const label = shared ? CASE_MESSAGES.makeInternal : CASE_MESSAGES.shareWithClient;
  const onClick = () => {
    if (
      shared &&
      !window.confirm(
        kind === 'document'
          ? CASE_MESSAGES.confirmMakeDocumentInternal(name)
          : CASE_MESSAGES.confirmMakeNoteInternal,
      )
    ) {
      return;
    }
    change.mutate(
      { kind, id, visibleToClient: !shared },
      {
        onSuccess: (body) => toast.success(body.message),
        onError: (error) => toast.error(errorText(error, CASE_SCREEN_FAILURES.visibilityFailed)),
      },
    );
  };
  return (
    <>
      {shared ? (
        <Badge tone="green">{CASE_MESSAGES.sharedBadge}</Badge>
      ) : (
        <Badge tone="amber">
          <Lock aria-hidden="true" className="mr-1 inline size-3" />
          {CASE_MESSAGES.internalBadge}
        </Badge>
      )}
      {mayChange ? (
        <Button
          variant={shared ? 'quiet' : 'secondary'}
          size="xs"
          aria-label={kind === 'document' ? `${label}: ${name}` : `${label}: note by ${name}`}
          disabled={change.isPending}
          onClick={onClick}
        >
          {shared ? null : <Eye aria-hidden="true" className="size-3.5" />}
          {label}
        </Button>
      ) : null}
    </>
  );
}

/**
 * A file name that may break after its separators (_ - . and spaces): "Draft_petition_-_
 * matrimonial_property.pdf" wraps at its underscores, not at whatever letter reaches the edge.
 */
function BreakableName({ name }: { name: string }) {
  const parts = name.split(/(?<=[_\-.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function Documents({ item, actor }: { item: CaseDetail; actor: PublicUser }) {
  const remove = useDeleteDocument(item.id);
  const mayDelete = can(actor, 'cases:manage');
  const mayShare = can(actor, 'files:share');
  const isStaff = isStaffAccount(actor);
  if (item.documents.length === 0)
    return <p className="text-sm text-slate-600">{CASE_MESSAGES.noDocuments}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {item.documents.map((document) => (
        // On a phone the name has the row's width and the buttons go under it: beside them it
        // had 130 px and ran over ten lines. From sm up they sit at the end of the row.
        <li
          key={document.id}
          className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:gap-x-3"
        >
          <div className="min-w-0 sm:flex-1">
            {/* The whole name, wrapped: a phone cut long names to "Draft petition - matrim…",
                and the person could not tell one document from the next. It breaks after
                its _ - . separators first, inside a word only when nothing else fits. */}
            <p data-document-name className="text-sm font-medium break-words text-slate-900">
              <BreakableName name={document.name} />
            </p>
            <p className="text-xs text-slate-600">
              {formatMegabytes(document.size)} · {formatDate(document.uploadedAt)}
              {document.uploadedBy ? ` · ${document.uploadedBy.name}` : ''}
            </p>
            {isStaff ? (
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <SharingControl
                  caseId={item.id}
                  kind="document"
                  id={document.id}
                  name={document.name}
                  shared={document.visibleToClient}
                  mayChange={mayShare}
                />
              </div>
            ) : null}
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <Button
              variant="neutral"
              size="sm"
              aria-label={`Download ${document.name}`}
              onClick={() =>
                void downloadDocument(item.id, document.id, document.name).catch((error: unknown) =>
                  toast.error(errorText(error, CASE_SCREEN_FAILURES.downloadFailed)),
                )
              }
            >
              <Download aria-hidden="true" className="size-4" />
              Download
            </Button>
            {mayDelete ? (
              <Button
                variant="quietDanger"
                size="sm"
                aria-label={`Delete ${document.name}`}
                disabled={remove.isPending}
                onClick={() => {
                  if (!window.confirm(CASE_MESSAGES.confirmDeleteDocument(document.name))) return;
                  remove.mutate(document.id, {
                    onSuccess: (body) => toast.success(body.message),
                    onError: (error) =>
                      toast.error(errorText(error, CASE_SCREEN_FAILURES.documentDeleteFailed)),
                  });
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function CaseBody({ item, actor }: { item: CaseDetail; actor: PublicUser }) {
  const isStaff = isStaffAccount(actor);
  const mayUpload =
    can(actor, 'files:upload', { clientId: item.clientId }) &&
    (isStaff || item.status !== 'closed');
  const mayManage = can(actor, 'cases:manage');
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap gap-2">
        <Badge tone={STATUS_TONE[item.status]}>{statusText(item.status)}</Badge>
        <Badge tone={PRIORITY_TONE[item.priority]}>{capitalised(item.priority)} priority</Badge>
        <Badge tone="purple">{categoryText(item.category)}</Badge>
      </div>

      <Section title="Description">
        <p className="text-sm whitespace-pre-line text-slate-800">{item.description}</p>
      </Section>

      <Section title="Case information">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Info label="Case number">{item.caseNumber}</Info>
          <Info label="Client">{item.clientName}</Info>
          <Info label="Assigned to">{item.assigneeName ?? CASE_MESSAGES.notAssigned}</Info>
          <Info label="Court date">
            {item.courtDate ? formatDateTime(item.courtDate) : CASE_MESSAGES.courtDateNone}
          </Info>
          <Info label="Court">{item.court ?? '—'}</Info>
          <Info label="Court case number">{item.courtCaseNumber ?? '—'}</Info>
          <Info label="Opened">{formatDate(item.createdAt)}</Info>
          <Info label="Last updated">{formatDateTime(item.updatedAt)}</Info>
        </dl>
        {item.parties.length > 0 ? (
          <div className="mt-3">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Parties</p>
            <ul className="mt-1 space-y-1 text-sm text-slate-800">
              {item.parties.map((party) => (
                <li key={party.id}>
                  {party.name} <span className="text-slate-600">({PARTY_ROLES[party.role]})</span>
                  {party.contact ? (
                    <span className="text-slate-600"> · {party.contact}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {item.conflictClearance ? (
          <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {CASE_MESSAGES.conflictCleared}
            {item.conflictClearance.by ? ` by ${item.conflictClearance.by}` : ''} on{' '}
            {formatDate(item.conflictClearance.at)}: {item.conflictClearance.reason}
          </p>
        ) : null}
      </Section>

      {mayManage ? (
        <Section title="Update case">
          <CaseControls item={item} actor={actor} />
        </Section>
      ) : null}

      {isStaff && can(actor, 'client-money:view') ? (
        <Section title={CLIENT_MONEY_SCREEN_TEXTS.panelTitle}>
          <ClientMoneyPanel
            clientId={item.clientId}
            clientName={item.clientName}
            caseId={item.id}
            actor={actor}
          />
        </Section>
      ) : null}

      {isStaff && can(actor, 'time:record') ? (
        <Section title={TIME_SCREEN_TEXTS.panelTitle}>
          <FeeArrangementSummary caseId={item.id} caseNumber={item.caseNumber} actor={actor} />
          <TimePanel caseId={item.id} caseNumber={item.caseNumber} />
          <ExpensesPanel caseId={item.id} caseNumber={item.caseNumber} actor={actor} />
        </Section>
      ) : null}

      {isStaff && can(actor, 'time:manage') ? (
        <Section title={UNBILLED_SCREEN_TEXTS.panelTitle}>
          <UnbilledWork caseId={item.id} mayBill={can(actor, 'fee-notes:manage')} />
        </Section>
      ) : null}

      <Section title={`Documents (${item.documents.length})`}>
        <Documents item={item} actor={actor} />
        {mayUpload ? <UploadDocuments caseId={item.id} isStaff={isStaff} /> : null}
      </Section>

      <Section title={`Notes (${item.notes.length})`}>
        {item.notes.length === 0 ? (
          <p className="text-sm text-slate-600">{CASE_MESSAGES.noNotes}</p>
        ) : (
          <ul className="space-y-3">
            {item.notes.map((note) => (
              <li key={note.id} className="rounded-md bg-slate-50 p-3">
                <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                  <span className="font-semibold text-slate-800">{note.author}</span>
                  <span>{formatDateTime(note.createdAt)}</span>
                  {isStaff ? (
                    <SharingControl
                      caseId={item.id}
                      kind="note"
                      id={note.id}
                      name={note.author}
                      shared={note.visibleToClient}
                      // A shared note goes back to internal only within minutes of sharing
                      // (ADR 014); later the server says why not, so no button is offered.
                      mayChange={
                        mayManage && (!note.sharedAt || mayUnshareNote(note.sharedAt, new Date()))
                      }
                    />
                  ) : null}
                </p>
                <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{note.content}</p>
              </li>
            ))}
          </ul>
        )}
        {mayManage ? (
          <Suspense fallback={null}>
            <AddNoteForm caseId={item.id} />
          </Suspense>
        ) : null}
      </Section>

      <Section title="Timeline">
        <ol className="space-y-2 border-l-2 border-brand-100 pl-4">
          {item.timeline.map((event) => (
            <li key={event.id} className="text-sm">
              <p className="text-slate-900">{event.description}</p>
              <p className="text-xs text-slate-600">{formatDateTime(event.date)}</p>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** The case's detail (docs/product-rules.md#screens), at /cases/:id so it can be linked and reloaded. */
export function CaseDetailModal({
  caseId,
  actor,
  onClose,
}: {
  caseId: string;
  actor: PublicUser;
  onClose: () => void;
}) {
  const query = useCase(caseId);
  const mayManage = can(actor, 'cases:manage');
  useEffect(() => {
    if (mayManage) void loadAddNoteForm();
  }, [mayManage]);
  const title = query.data ? query.data.title : 'Case';
  return (
    <Modal
      title={title}
      // The case number's line is kept while the case loads, so the body does not move down a line
      // when it arrives (layout shift on a phone).
      description={query.data ? query.data.caseNumber : '\u00a0'}
      size="lg"
      tall
      shrinkHeaderOnScroll
      onClose={onClose}
    >
      <ListResults
        query={query}
        loadingLabel={CASE_MESSAGES.loadingCase}
        failedText={CASE_SCREEN_FAILURES.loadOneFailed}
      >
        {(item) => <CaseBody item={item} actor={actor} />}
      </ListResults>
    </Modal>
  );
}

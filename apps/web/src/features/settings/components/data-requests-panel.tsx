import {
  MESSAGES,
  PROFILE_MESSAGES,
  PROFILE_SCREEN_FAILURES,
  DATA_REQUEST_TEXT_MAX,
  type DataRequest,
  type UpdateDataRequestInput,
} from '@firm/shared';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorText } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { formatDateTime } from '../../../lib/format';
import { useAnswerDataRequest, useDataRequests } from '../api/settings';
import { EmailText } from '../../../components/ui/email-text';

const STATUS: Record<DataRequest['status'], { text: string; tone: 'amber' | 'green' | 'red' }> = {
  open: { text: 'Open', tone: 'amber' },
  done: { text: 'Done', tone: 'green' },
  refused: { text: 'Refused', tone: 'red' },
};

/** The schema (and zod) load when the dialog opens (lib/lazy-resolver.ts). */
const refuseResolver = lazyZodResolver(() =>
  import('@firm/shared/profile/schemas').then((m) => m.updateDataRequestInputSchema),
);
type RefuseValues = { status: 'refused'; reason?: string | undefined };

function RefuseDialog({ request, onClose }: { request: DataRequest; onClose: () => void }) {
  const answer = useAnswerDataRequest();
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateDataRequestInput, unknown, RefuseValues>({
    defaultValues: { status: 'refused', reason: '' },
    resolver: refuseResolver as never,
  });
  useEffect(() => refuseResolver.preload(), []);

  const refuse = handleSubmit(async ({ reason }) => {
    try {
      const result = await answer.mutateAsync({ id: request.id, status: 'refused', reason });
      toast.success(result.message);
      onClose();
    } catch (failure) {
      toast.error(errorText(failure));
    }
  });

  return (
    <Modal
      title="Refuse this request?"
      description={`${request.requesterName} (${request.requesterEmail}) will read your reason in Profile Settings.`}
      onClose={onClose}
      isBusy={answer.isPending}
      footer={
        <ModalFooter
          onCancel={onClose}
          isCancelAlwaysEnabled
          form={formId}
          actionLabel="Refuse request"
          busyLabel={MESSAGES.saving}
          isBusy={answer.isPending}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void refuse(event)}>
        <TextAreaField
          label="Reason"
          rows={4}
          maxLength={DATA_REQUEST_TEXT_MAX}
          error={errors.reason?.message}
          {...register('reason')}
        />
      </form>
    </Modal>
  );
}

/** Data-protection requests from Profile Settings; an advocate marks them done or refuses them. */
export function DataRequestsPanel() {
  const query = useDataRequests();
  const answer = useAnswerDataRequest();
  const [refusing, setRefusing] = useState<DataRequest | null>(null);

  const move = async (request: DataRequest, status: 'done' | 'open') => {
    try {
      const result = await answer.mutateAsync({ id: request.id, status });
      toast.success(result.message);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <>
      <p className="mb-4 text-sm text-slate-600">
        Requests to delete personal data. Delete what the privacy policy’s retention periods allow,
        then mark the request done; refuse it with the reason when the law requires the firm to keep
        the data.
      </p>
      <ListResults
        query={query}
        loadingLabel={PROFILE_MESSAGES.requestsLoading}
        failedText={PROFILE_SCREEN_FAILURES.requestsLoadFailed}
        isEmpty={(data) => data.requests.length === 0}
        empty={{ title: PROFILE_MESSAGES.noRequests }}
      >
        {(data) => (
          <ul className="space-y-3" aria-label="Data-protection requests">
            {data.requests.map((request) => (
              <li key={request.id} className="rounded-md border border-slate-200 p-4 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium text-slate-900">
                    {request.requesterName}{' '}
                    <span className="font-normal text-slate-600">
                      (<EmailText email={request.requesterEmail} />)
                    </span>
                  </p>
                  <Badge tone={STATUS[request.status].tone}>{STATUS[request.status].text}</Badge>
                </div>
                <p className="mt-1 text-slate-600">
                  Asked to delete their data on {formatDateTime(request.createdAt)}
                  {request.userId ? '' : ' (account since deleted)'}
                </p>
                {request.message ? (
                  <p className="mt-1 whitespace-pre-line text-slate-800">“{request.message}”</p>
                ) : null}
                {request.handledBy && request.handledAt ? (
                  <p className="mt-1 text-slate-600">
                    {STATUS[request.status].text} by {request.handledBy.name} on{' '}
                    {formatDateTime(request.handledAt)}
                    {request.reason ? `: ${request.reason}` : ''}
                  </p>
                ) : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  {request.status === 'open' ? (
                    <>
                      <Button
                        size="sm"
                        onClick={() => void move(request, 'done')}
                        aria-label={`Mark the request of ${request.requesterName} done`}
                      >
                        Mark done
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => setRefusing(request)}
                        aria-label={`Refuse the request of ${request.requesterName}`}
                      >
                        Refuse
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="sm"
                      variant="neutral"
                      onClick={() => void move(request, 'open')}
                      aria-label={`Reopen the request of ${request.requesterName}`}
                    >
                      Reopen
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListResults>
      {refusing ? <RefuseDialog request={refusing} onClose={() => setRefusing(null)} /> : null}
    </>
  );
}

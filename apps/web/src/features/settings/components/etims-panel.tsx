import { ETIMS_TEXTS, type EtimsProblem, type EtimsSettingsAnswer } from '@firm/shared';
import { RotateCcw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  useEtimsProblems,
  useEtimsSettings,
  useInitialiseEtims,
  useRetryEtims,
} from '../api/etims';

const S = ETIMS_TEXTS.settings;
const P = ETIMS_TEXTS.problems;

/** One fact of the set-up: a term and its value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{term}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** What System Settings shows of the set-up (never the key), and "Set up again" with a question. */
function EtimsSetUp({ settings }: { settings: EtimsSettingsAnswer }) {
  const initialise = useInitialiseEtims();
  const [isAsking, setAsking] = useState(false);
  const setUpAgain = async () => {
    try {
      await initialise.mutateAsync();
      toast.success(S.done);
      setAsking(false);
    } catch (error) {
      toast.error(errorText(error, S.setUpFailed));
    }
  };
  return (
    <section aria-labelledby="etims-set-up" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="etims-set-up" className="text-lg font-semibold text-slate-900">
          {S.title}
        </h2>
        <Badge tone={settings.configured ? 'green' : 'amber'}>
          {settings.configured ? S.configured : S.notConfiguredShort}
        </Badge>
      </div>
      <p className="text-sm text-slate-600">
        {settings.configured ? S.intro : ETIMS_TEXTS.notConfigured}
      </p>
      {settings.configured ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact term={S.branch}>{settings.branchId}</Fact>
            <Fact term={S.device}>{settings.deviceSerial}</Fact>
            <Fact term={S.initialisedAt}>
              {settings.initialisedAt ? (
                <time dateTime={settings.initialisedAt}>
                  {formatDateTime(settings.initialisedAt)}
                </time>
              ) : (
                S.notInitialised
              )}
            </Fact>
            {settings.sdcId ? <Fact term={S.sdcId}>{settings.sdcId}</Fact> : null}
            {settings.mrcNo ? <Fact term={S.mrcNo}>{settings.mrcNo}</Fact> : null}
          </dl>
          {settings.lastError ? (
            <p className="text-sm text-red-800">
              <span className="font-medium">{S.lastError}:</span> {settings.lastError}
            </p>
          ) : null}
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {S.setUpAgain}
          </Button>
        </>
      ) : null}
      {isAsking ? (
        <Modal
          title={S.confirmTitle}
          description={S.confirmBody}
          onClose={() => setAsking(false)}
          isBusy={initialise.isPending}
          footer={
            <ModalFooter
              onCancel={() => setAsking(false)}
              onAction={() => void setUpAgain()}
              actionLabel={S.confirm}
              busyLabel={S.settingUp}
              isBusy={initialise.isPending}
            />
          }
        >
          {null}
        </Modal>
      ) : null}
    </section>
  );
}

/** One fee note or credit note KRA did not take: KRA's words, and Retry. */
function Problem({
  problem,
  isRetrying,
  onRetry,
}: {
  problem: EtimsProblem;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  return (
    <li className="space-y-1.5 rounded-md border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">
          {P.kind[problem.kind]} {problem.number}
        </span>
        <Badge tone="red">{ETIMS_TEXTS.state[problem.state]}</Badge>
        <span className="text-xs text-slate-600">
          {P.invcNo} {problem.invcNo} · {P.since}{' '}
          <time dateTime={problem.since}>{formatDateTime(problem.since)}</time>
        </span>
      </div>
      <p className="text-sm break-words text-red-800">
        <span className="font-medium">{P.message}:</span> {problem.message}
      </p>
      <Button
        size="sm"
        variant="secondary"
        isLoading={isRetrying}
        loadingText={P.retrying}
        aria-label={P.retryLabel(problem.number)}
        onClick={onRetry}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {P.retry}
      </Button>
    </li>
  );
}

/**
 * System Settings → KRA eTIMS (ADR 049): the set-up as the server holds it, and beside it, as
 * Deliveries does for emails and texts, what KRA refused or did not answer for 48 hours, each
 * with KRA's words and Retry. Retry asks nothing first: it sends what was meant to go.
 */
export function EtimsPanel() {
  const settings = useEtimsSettings();
  const problems = useEtimsProblems();
  const retry = useRetryEtims();
  const sendAgain = async (problem: EtimsProblem) => {
    try {
      await retry.mutateAsync(problem.feeNoteId);
      toast.success(P.retried(problem.number));
    } catch (error) {
      toast.error(errorText(error, P.retryFailed));
    }
  };
  return (
    <div className="space-y-8">
      <ListResults query={settings} loadingLabel={S.title} failedText={S.loadFailed}>
        {(data) => <EtimsSetUp settings={data} />}
      </ListResults>
      <section aria-labelledby="etims-problems" className="space-y-3">
        <h2 id="etims-problems" className="text-lg font-semibold text-slate-900">
          {P.title}
        </h2>
        <p className="text-sm text-slate-600">{P.intro}</p>
        <ListResults
          query={problems}
          loadingLabel={P.title}
          failedText={P.loadFailed}
          isEmpty={(data) => data.transmissions.length === 0}
          empty={{ title: P.empty }}
        >
          {(data) => (
            <ul className="space-y-3" aria-label={P.title}>
              {data.transmissions.map((problem) => (
                <Problem
                  key={`${problem.feeNoteId}:${problem.kind}`}
                  problem={problem}
                  isRetrying={retry.isPending && retry.variables === problem.feeNoteId}
                  onRetry={() => void sendAgain(problem)}
                />
              ))}
            </ul>
          )}
        </ListResults>
      </section>
    </div>
  );
}

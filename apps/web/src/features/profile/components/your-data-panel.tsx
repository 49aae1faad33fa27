import {
  MESSAGES,
  DATA_EXPORT_TEXTS,
  DATA_REQUEST_TEXT_MAX,
  PROFILE_MESSAGES,
  nairobiToday,
  type DataExportFormat,
  type DataRequest,
  PROFILE_SCREEN_FAILURES,
} from '@firm/shared';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { CharacterCount } from '../../../components/ui/character-count';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { saveBlob } from '../../../lib/file-transfer';
import {
  fetchDataExport,
  fetchReadableDataExport,
  useOwnDataRequests,
  useRequestDeletion,
} from '../api/profile';

/** Saves `data` as a JSON file. */
function saveJson(data: unknown, fileName: string) {
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

const STATUS_LABEL: Record<
  DataRequest['status'],
  { text: string; tone: 'amber' | 'green' | 'red' }
> = {
  open: { text: 'Waiting for the firm', tone: 'amber' },
  done: { text: 'Done', tone: 'green' },
  refused: { text: 'Refused', tone: 'red' },
};

function OwnRequests() {
  const query = useOwnDataRequests();
  if (query.isPending || query.isError || query.data.requests.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-800">Your requests</h3>
      <ul className="mt-2 space-y-2">
        {query.data.requests.map((request) => (
          <li key={request.id} className="rounded-md border border-slate-200 p-3 text-sm">
            <p>
              Request to delete your data, made {formatDateTime(request.createdAt)}{' '}
              <Badge tone={STATUS_LABEL[request.status].tone}>
                {STATUS_LABEL[request.status].text}
              </Badge>
            </p>
            {request.reason ? (
              <p className="mt-1 text-slate-700">The firm’s answer: {request.reason}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Download my data" and "Ask the firm to delete my data" (Data Protection Act 2019). */
export function YourDataPanel() {
  const [downloading, setDownloading] = useState<DataExportFormat | null>(null);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const requests = useOwnDataRequests();
  const deletion = useRequestDeletion();
  const hasOpen = requests.data?.requests.some((request) => request.status === 'open') ?? false;

  const download = async (format: DataExportFormat) => {
    setDownloading(format);
    const name = `my-data-${nairobiToday()}`;
    try {
      if (format === 'html') {
        const page = await fetchReadableDataExport();
        saveBlob(new Blob([page], { type: 'text/html;charset=utf-8' }), `${name}.html`);
      } else {
        saveJson(await fetchDataExport(), `${name}.json`);
      }
    } catch (error) {
      toast.error(errorText(error, PROFILE_SCREEN_FAILURES.dataDownloadFailed));
    } finally {
      setDownloading(null);
    }
  };

  const ask = async () => {
    try {
      const result = await deletion.mutateAsync({ message });
      toast.success(result.message);
      setAsking(false);
      setMessage('');
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h3 className="font-semibold text-slate-900">Download my data</h3>
        <p className="mt-1 text-sm text-slate-600">
          Your account details, signed-in devices, the record of changes to your account, your
          notifications and email choices, the messages you sent the firm from this email address
          and, for a client, your cases (what is shared with you) and appointments. Both files hold
          the same data: a page to read or print, and a file for another program.
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            isLoading={downloading === 'html'}
            disabled={downloading !== null}
            loadingText={PROFILE_MESSAGES.preparingReadableCopy}
            onClick={() => void download('html')}
          >
            <FileText aria-hidden="true" className="size-4" />
            {DATA_EXPORT_TEXTS.downloadReadable}
          </Button>
          <Button
            variant="secondary"
            isLoading={downloading === 'json'}
            disabled={downloading !== null}
            loadingText={PROFILE_MESSAGES.preparingMachineCopy}
            onClick={() => void download('json')}
          >
            <Download aria-hidden="true" className="size-4" />
            {DATA_EXPORT_TEXTS.downloadMachine}
          </Button>
        </div>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Ask the firm to delete my data</h3>
        <p className="mt-1 text-sm text-slate-600">{PROFILE_MESSAGES.retentionExplanation}</p>
        {hasOpen ? (
          <p className="mt-3 text-sm text-slate-700">{PROFILE_MESSAGES.deletionAlreadyOpen}</p>
        ) : (
          <Button variant="danger" className="mt-3" onClick={() => setAsking(true)}>
            Ask the firm to delete my data
          </Button>
        )}
        <OwnRequests />
      </div>
      {asking ? (
        <Modal
          title="Ask the firm to delete your data?"
          description="An advocate will answer your request. You will see the answer on this page."
          onClose={() => setAsking(false)}
          isBusy={deletion.isPending}
          footer={
            <ModalFooter
              onCancel={() => setAsking(false)}
              isCancelAlwaysEnabled
              onAction={() => void ask()}
              actionLabel="Send request"
              busyLabel={MESSAGES.sending}
              isBusy={deletion.isPending}
            />
          }
        >
          <p className="text-sm text-slate-700">{PROFILE_MESSAGES.retentionExplanation}</p>
          <label
            htmlFor="deletion-message"
            className="mt-4 block text-sm font-medium text-slate-800"
          >
            Anything the firm should know (optional)
          </label>
          <textarea
            id="deletion-message"
            rows={3}
            maxLength={DATA_REQUEST_TEXT_MAX}
            aria-describedby="deletion-message-count"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
          <CharacterCount
            id="deletion-message-count"
            used={message.length}
            max={DATA_REQUEST_TEXT_MAX}
          />
        </Modal>
      ) : null}
    </div>
  );
}

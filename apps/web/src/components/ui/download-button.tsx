import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorText } from '../../lib/api-client';
import { Button, type ButtonProps } from './button';

/**
 * A button that fetches a file the API guards (a PDF) and hands it to the browser: a spinner and
 * `loadingText` while it comes, an error toast when it cannot (the server's words, else
 * `failedText`). Pressing it twice while busy does nothing.
 */
export function DownloadButton({
  download,
  failedText,
  loadingText,
  children,
  ...rest
}: Omit<ButtonProps, 'onClick' | 'isLoading'> & {
  download: () => Promise<void>;
  failedText: string;
  loadingText: string;
}) {
  const [isBusy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.error(errorText(error, failedText));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...rest} isLoading={isBusy} loadingText={loadingText} onClick={() => void start()}>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}

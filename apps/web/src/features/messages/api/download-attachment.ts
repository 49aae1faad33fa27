import { API_BASE, ApiError } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/auth-storage';

/**
 * GET /api/conversations/:id/attachments/:attachmentId: the API needs the Bearer header, so the
 * file is fetched and handed to the browser as a download under its own name.
 */
export async function downloadAttachment(
  conversationId: string,
  attachmentId: string,
  name: string,
) {
  const token = getStoredToken();
  const response = await fetch(
    `${API_BASE}/conversations/${encodeURIComponent(conversationId)}/attachments/${encodeURIComponent(attachmentId)}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
  );
  if (!response.ok)
    throw new ApiError(`Request failed with status code ${response.status}`, response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

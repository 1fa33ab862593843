import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttachment, type DownloadAttachmentRequest } from '../../../shared/api/dashboard';
import { isEnvelope } from '../../../shared/envelope';
import { useAppDispatch } from '../../app/hooks';
import { sessionUsed, signedOut } from '../../app/session-slice';
import { showToast } from '../../app/ui-slice';

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The name the server gives the file (Content-Disposition), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (disposition) {
    const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
    if (encoded?.[1]) {
      try {
        return decodeURIComponent(encoded[1].trim());
      } catch {
        // a malformed name: try the plain one
      }
    }
    const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
    if (plain?.[1]) return plain[1].trim();
  }
  return fallback;
}

export function fallbackName(name: string, mimeType: string): string {
  const safe = name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'document';
  const extension = EXTENSIONS[mimeType];
  return extension ? `${safe}.${extension}` : safe;
}

/** Downloads an attachment (see useFileDownload). */
export function useDownload() {
  const download = useFileDownload();
  return useCallback(
    (attachmentId: string, fallback: string) =>
      download(downloadAttachment.path, { attachment_id: attachmentId } satisfies DownloadAttachmentRequest, fallback),
    [download],
  );
}

/**
 * Downloads a file of the signed-in application (an attachment, the permit's PDF): the answer is the
 * file itself, not an envelope, so it is fetched here (not by the base query) and handed to the
 * browser through a temporary object URL. A refusal is an envelope: its message becomes an error
 * toast (`failedKey` when it has none), and a 401 signs out as the base query does.
 */
export function useFileDownload(failedKey = 'dashboard.attachments.download_failed') {
  const { i18n } = useTranslation();
  const dispatch = useAppDispatch();
  return useCallback(
    async (path: string, body: unknown, fallback: string): Promise<boolean> => {
      const sentAt = Date.now();
      let response: Response;
      try {
        response = await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': i18n.language },
          body: JSON.stringify(body),
          credentials: 'same-origin',
        });
      } catch {
        dispatch(showToast({ severity: 'error', key: 'errors.network' }));
        return false;
      }
      if (!response.ok) {
        let payload: unknown;
        try {
          payload = await response.json();
        } catch {
          payload = undefined;
        }
        const message = isEnvelope(payload) ? payload.response.message : '';
        if (response.status === 401) dispatch(signedOut({ reason: 'unauthorized', message }));
        else if (message) dispatch(showToast({ severity: 'error', text: message }));
        else dispatch(showToast({ severity: 'error', key: failedKey }));
        return false;
      }
      dispatch(sessionUsed(sentAt));
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response.headers.get('Content-Disposition'), fallback);
      link.hidden = true;
      document.body.appendChild(link);
      link.click();
      link.remove();
      // Some browsers read the URL after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
      return true;
    },
    [dispatch, i18n.language, failedKey],
  );
}

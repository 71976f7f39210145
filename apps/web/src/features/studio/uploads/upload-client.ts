// The browser's side of resumable uploads (decision 018): start, send parts of UPLOAD_CHUNK_BYTES with
// Content-Range (XMLHttpRequest, for byte-level progress), finish. A failed part leaves the upload where
// it was; `resume` asks the server how many bytes arrived and continues from there.

import { checkUploadStart, UPLOAD_CHUNK_BYTES, UPLOAD_MESSAGES, type UploadPurpose } from '@vitrine/domain';
import { api, buildHeaders } from '../../../app/api-client';
import { ApiError, apiErrorFromBody } from '../../../app/api-error';
import { apiUrl } from '../../../app/config';

export interface UploadResult {
  uploadId: string;
  status: 'open' | 'finished';
  fileName: string;
  size: number;
  received: number;
  mediaUrl: string | null;
  contentType: string | null;
  assetType: string | null;
  staticThumbnailUrl: string | null;
  ipfsCid: string | null;
  pinnedCid: string | null;
}

export interface UploadCallbacks {
  /** Bytes the server holds (or is receiving) out of the file's size. */
  onProgress(sent: number, total: number): void;
  /** Bytes the server confirmed it holds (where a retry continues). */
  onConfirmed?(received: number, total: number): void;
  /** The upload's id, once started: keep it to resume after a failure. */
  onStarted?(uploadId: string): void;
  signal?: AbortSignal;
}

const base = (slug: string) => `/publisher/${encodeURIComponent(slug)}/uploads/`;

/** The message the file's name, size or kind gets before any byte is sent; null when it may go. */
export function checkFileBeforeUpload(file: File, purpose: UploadPurpose): string | null {
  return (
    checkUploadStart({ fileName: file.name, size: file.size, declaredType: file.type, purpose })?.message ??
    null
  );
}

function sendPart(
  url: string,
  part: Blob,
  from: number,
  total: number,
  onSent: (n: number) => void,
  signal?: AbortSignal,
) {
  return new Promise<UploadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    buildHeaders({
      'Content-Type': 'application/octet-stream',
      'Content-Range': `bytes ${from}-${from + part.size - 1}/${total}`,
    }).forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadResult);
      else reject(apiErrorFromBody(xhr.status, body));
    };
    xhr.onerror = () =>
      reject(
        new ApiError({ statusCode: 0, errorType: 'chunk-failed', message: UPLOAD_MESSAGES.chunkFailed }),
      );
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(part);
  });
}

/** Sends the file from the byte the server holds, then finishes. */
export async function continueUpload(
  slug: string,
  file: File,
  uploadId: string,
  cb: UploadCallbacks,
): Promise<UploadResult> {
  const url = apiUrl(`${base(slug)}${encodeURIComponent(uploadId)}/`);
  let state = await api.get<UploadResult>(`${base(slug)}${encodeURIComponent(uploadId)}/`, {
    signal: cb.signal,
  });
  if (state.status === 'finished') return state;
  let received = state.received;
  cb.onConfirmed?.(received, file.size);
  cb.onProgress(received, file.size);
  while (received < file.size) {
    const part = file.slice(received, Math.min(file.size, received + UPLOAD_CHUNK_BYTES));
    const from = received;
    state = await sendPart(url, part, from, file.size, (n) => cb.onProgress(from + n, file.size), cb.signal);
    received = state.received;
    cb.onConfirmed?.(received, file.size);
    cb.onProgress(received, file.size);
  }
  return api.post<UploadResult>(`${base(slug)}${encodeURIComponent(uploadId)}/finish/`, undefined, {
    signal: cb.signal,
  });
}

/** Starts an upload of the file and sends it whole. */
export async function uploadFile(
  slug: string,
  file: File,
  purpose: UploadPurpose,
  cb: UploadCallbacks,
): Promise<UploadResult> {
  const started = await api.post<UploadResult>(
    base(slug),
    { fileName: file.name, size: file.size, declaredType: file.type, purpose },
    { signal: cb.signal },
  );
  cb.onStarted?.(started.uploadId);
  return continueUpload(slug, file, started.uploadId, cb);
}

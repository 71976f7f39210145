import { UPLOAD_MESSAGES, type UploadPurpose, uploadAccept } from '@vitrine/domain';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../../app/api-error';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/FormAlert';
import styles from './Uploader.module.css';
import { checkFileBeforeUpload, continueUpload, type UploadResult, uploadFile } from './upload-client';
import { useBeforeUnload } from './useBeforeUnload';

export interface UploaderProps {
  /** The publisher the file is uploaded for (its members only). */
  slug: string;
  /** 'image': storefront pictures (still images); 'asset': a drop's media (every accepted type). */
  purpose: UploadPurpose;
  label: string;
  /** Called once the server has the file: its media URL, type found by content, IPFS CID, thumbnail. */
  onUploaded(result: UploadResult): void;
  /** Prefix of the data-testid of its parts (`{testId}-input`, `-progress`, `-error`, `-retry`). */
  testId?: string;
  disabled?: boolean;
}

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'done'; result: UploadResult }
  | { kind: 'failed'; message: string; canRetry: boolean; sent?: number; total?: number };

const percent = (sent: number, total: number) => (total === 0 ? 100 : Math.floor((sent / total) * 100));

/**
 * Chooses a file and uploads it in resumable parts (decision 018) with its progress, the 001 §5 warning not to
 * close the browser (and a leave-page guard) while it runs, the server's messages, and Retry, which continues
 * where the upload stopped.
 */
export function Uploader({ slug, purpose, label, onUploaded, testId = 'uploader', disabled }: UploaderProps) {
  const inputId = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const pending = useRef<{ file: File; uploadId: string | null } | null>(null);
  const aborter = useRef<AbortController | null>(null);
  const confirmed = useRef<{ received: number; total: number } | null>(null);
  const uploading = state.kind === 'uploading';
  useBeforeUnload(uploading);
  useEffect(() => () => aborter.current?.abort(), []);

  const run = async (file: File, uploadId: string | null) => {
    const controller = new AbortController();
    aborter.current = controller;
    pending.current = { file, uploadId };
    confirmed.current = null;
    setState({ kind: 'uploading', sent: 0, total: file.size });
    const callbacks = {
      signal: controller.signal,
      onProgress: (sent: number, total: number) => setState({ kind: 'uploading', sent, total }),
      onConfirmed: (received: number, total: number) => {
        confirmed.current = { received, total };
      },
      onStarted: (id: string) => {
        pending.current = { file, uploadId: id };
      },
    };
    try {
      const result = uploadId
        ? await continueUpload(slug, file, uploadId, callbacks)
        : await uploadFile(slug, file, purpose, callbacks);
      pending.current = null;
      setState({ kind: 'done', result });
      onUploaded(result);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // A refused file (name, size, type) cannot succeed again; a failed part or a server error can.
      const refused = isApiError(error) && [400, 404, 413, 415].includes(error.statusCode);
      if (refused) pending.current = null;
      // A part that failed leaves the bar at what the server holds; Retry continues from there.
      const held = confirmed.current as { received: number; total: number } | null; // set by the callbacks
      setState({
        kind: 'failed',
        message: isApiError(error) ? error.message : UPLOAD_MESSAGES.chunkFailed,
        canRetry: !refused,
        ...(held && !refused ? { sent: held.received, total: held.total } : {}),
      });
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = checkFileBeforeUpload(file, purpose);
    if (refused) {
      setState({ kind: 'failed', message: refused, canRetry: false });
      return;
    }
    void run(file, null);
  };

  const retry = () => {
    const again = pending.current;
    if (again) void run(again.file, again.uploadId);
  };

  const progress =
    state.kind === 'done'
      ? 100
      : state.kind === 'uploading'
        ? percent(state.sent, state.total)
        : state.kind === 'failed' && state.total !== undefined
          ? percent(state.sent ?? 0, state.total)
          : null;

  return (
    <div className={styles.uploader} data-testid={testId}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept={uploadAccept(purpose)}
        onChange={choose}
        disabled={disabled || uploading}
        data-testid={`${testId}-input`}
        className={styles.input}
      />
      {progress === null ? null : (
        <div className={styles.progressRow}>
          <progress
            className={styles.progress}
            max={100}
            value={progress}
            aria-label={`${label}: upload progress`}
            data-testid={`${testId}-progress`}
            data-percent={progress}
          />
          <span className={styles.percent} aria-live="polite">
            {state.kind === 'done'
              ? 'Uploaded'
              : state.kind === 'failed'
                ? `Stopped at ${progress}%`
                : `${progress}%`}
          </span>
        </div>
      )}
      {uploading ? (
        <FormAlert tone="warning" testId={`${testId}-warning`}>
          {UPLOAD_MESSAGES.closeWarning}
        </FormAlert>
      ) : null}
      {state.kind === 'failed' ? (
        <FormAlert
          testId={`${testId}-error`}
          action={
            state.canRetry ? (
              <Button variant="secondary" size="sm" onClick={retry} data-testid={`${testId}-retry`}>
                Retry
              </Button>
            ) : undefined
          }
        >
          {state.message}
        </FormAlert>
      ) : null}
    </div>
  );
}

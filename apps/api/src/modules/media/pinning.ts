// Pinning to IPFS (001 §7 "a pinning service for IPFS (file, title)"): an interface with Pinata as the real
// adapter, chosen by configuration (PINATA_JWT). Without it nothing leaves the machine: the CID computed
// locally is the upload's only IPFS identity (docs/decisions/018).
import { AppError, UPLOAD_MESSAGES } from '@vitrine/domain';

export interface PinFile {
  /**
   * The file's bytes with its content type, read as the request is sent: a staged upload on disk is an
   * `fs.openAsBlob` Blob, so up to 300 MiB are streamed, never held whole (docs/decisions/018).
   */
  blob: Blob;
  fileName: string;
  /** The title the service shows (001 §7: file, title). */
  title: string;
}

export interface Pinner {
  readonly name: string;
  /** Pins the file; answers the CID the service computed. Throws the 001 §8 Pinata error on failure. */
  pin(file: PinFile): Promise<{ cid: string }>;
}

export interface PinataSettings {
  jwt: string;
  /** https://api.pinata.cloud by default; a local fake in tests. */
  apiBase?: string;
  /** Gives up after this long (default 120 s). */
  timeoutMs?: number;
}

export const pinataError = (cause?: unknown) =>
  new AppError({ errorType: 'pinata-error', message: UPLOAD_MESSAGES.pinata, statusCode: 502, cause });

/** Pinata's pinFileToIPFS (multipart: file, pinataMetadata.name, pinataOptions.cidVersion 1). */
export function createPinataPinner(settings: PinataSettings): Pinner {
  const base = (settings.apiBase ?? 'https://api.pinata.cloud').replace(/\/+$/, '');
  return {
    name: 'pinata',
    async pin(file) {
      const form = new FormData();
      // A Blob part of a FormData body is streamed by fetch (undici), its length known from blob.size.
      form.append('file', file.blob, file.fileName);
      form.append('pinataMetadata', JSON.stringify({ name: file.title }));
      form.append('pinataOptions', JSON.stringify({ cidVersion: 1 }));
      let answer: Response;
      try {
        answer = await fetch(`${base}/pinning/pinFileToIPFS`, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.jwt}` },
          body: form,
          // Without this fetch keeps every byte sent, to replay the body on a redirect (nodejs/undici#4058):
          // a 300 MiB file would be held whole. Pinata's endpoint does not redirect.
          redirect: 'error',
          signal: AbortSignal.timeout(settings.timeoutMs ?? 120_000),
        });
      } catch (error) {
        throw pinataError(error);
      }
      const body = (await answer.json().catch(() => null)) as { IpfsHash?: unknown } | null;
      if (!answer.ok || typeof body?.IpfsHash !== 'string') {
        throw pinataError(new Error(`pinata answered ${answer.status}`));
      }
      return { cid: body.IpfsHash };
    },
  };
}

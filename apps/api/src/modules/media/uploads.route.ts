// Publisher uploads (issue 16; docs/decisions/018), members of the publisher only:
//   POST /api/publisher/{slug}/uploads/                   start: { fileName, size, declaredType, purpose }
//   GET  /api/publisher/{slug}/uploads/{uploadId}/         how many bytes arrived (a retry continues there)
//   PUT  /api/publisher/{slug}/uploads/{uploadId}/         a part: application/octet-stream + Content-Range
//   POST /api/publisher/{slug}/uploads/{uploadId}/finish/  the media URL, the type found by content, the CID
// A part's size and place are checked from its headers before its body is read.
import {
  AppError,
  MAX_UPLOAD_BYTES,
  parseContentRange,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_PURPOSES,
} from '@vitrine/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { errorBody, errorResponses } from '../../http/schemas';
import type { UploadRow } from './uploads.repo';

/** The most one part may carry: twice the Uploader's part size. */
export const UPLOAD_PART_MAX_BYTES = 2 * UPLOAD_CHUNK_BYTES;

const uploadSchema = z.object({
  uploadId: z.string(),
  status: z.enum(['open', 'finished']),
  fileName: z.string(),
  size: z.number().int(),
  received: z.number().int(),
  mediaUrl: z.string().nullable(),
  contentType: z.string().nullable(),
  assetType: z.string().nullable(),
  staticThumbnailUrl: z.string().nullable(),
  ipfsCid: z.string().nullable(),
  pinnedCid: z.string().nullable(),
});

const slugParam = z.string().min(1).max(100);
const uploadParams = z.object({ slug: slugParam, uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

const tooLarge = (message: string) =>
  new AppError({ errorType: 'payload-too-large', message, statusCode: 413, fields: { size: message } });

const parts = new WeakMap<
  FastifyRequest,
  { row: UploadRow; range: { start: number; end: number; total: number } }
>();

export const uploadsRoute: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: UPLOAD_PART_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const uploads = () => app.services.uploads;

  app.post(
    '/publisher/:slug/uploads/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary: 'Start an upload: file name, declared size and type; more than 300MB is refused here',
        params: z.object({ slug: slugParam }),
        body: z.object({
          fileName: z.string().max(1000),
          size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
          declaredType: z.string().max(200).default(''),
          purpose: z.enum(UPLOAD_PURPOSES).default('asset'),
        }),
        response: { 201: uploadSchema, ...errorResponses, 413: errorBody },
      },
    },
    async (request, reply) => {
      const view = await uploads().start(signedIn(request), request.params.slug, request.body);
      return reply.code(201).send(view);
    },
  );

  app.get(
    '/publisher/:slug/uploads/:uploadId/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary: 'An upload: bytes received so far (resume from there), or its result once finished',
        params: uploadParams,
        response: { 200: uploadSchema, ...errorResponses },
      },
    },
    async (request) => uploads().status(signedIn(request), request.params.slug, request.params.uploadId),
  );

  app.put(
    '/publisher/:slug/uploads/:uploadId/',
    {
      config: { auth: 'user' },
      bodyLimit: UPLOAD_PART_MAX_BYTES,
      // Before the body is read: the declared sizes, then the part's place in the upload.
      preParsing: async (request) => {
        const length = Number(request.headers['content-length'] ?? Number.NaN);
        const range = parseContentRange(request.headers['content-range']);
        if (range && range.total > MAX_UPLOAD_BYTES) throw tooLarge(UPLOAD_MESSAGES.tooLarge);
        if (length > MAX_UPLOAD_BYTES) throw tooLarge(UPLOAD_MESSAGES.tooLarge);
        if (length > UPLOAD_PART_MAX_BYTES) throw tooLarge(UPLOAD_MESSAGES.chunkFailed);
        if (!range || (Number.isFinite(length) && length !== range.end - range.start + 1)) {
          throw new AppError({
            errorType: 'validation-error',
            message: UPLOAD_MESSAGES.chunkFailed,
            statusCode: 400,
            fields: { contentRange: 'Content-Range must read bytes start-end/size and match the part' },
          });
        }
        const { slug, uploadId } = request.params as { slug: string; uploadId: string };
        const row = await uploads().checkPart(signedIn(request), slug, uploadId, range);
        parts.set(request, { row, range });
      },
      schema: {
        tags: ['studio'],
        summary:
          'Send a part of the file (Content-Range: bytes start-end/size), starting where the upload stands',
        params: uploadParams,
        headers: z.object({ 'content-range': z.string().max(100) }),
        body: z.custom<Buffer>((v) => Buffer.isBuffer(v), {
          message: 'Expected the part as application/octet-stream',
        }),
        response: { 200: uploadSchema, ...errorResponses, 409: errorBody, 413: errorBody },
      },
    },
    async (request) => {
      const part = parts.get(request);
      if (!part) throw new Error('the part was not checked');
      return uploads().writePart(part.row, part.range, request.body);
    },
  );

  app.post(
    '/publisher/:slug/uploads/:uploadId/finish/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary:
          'Finish an upload: type found by content, IPFS CID, static thumbnail, pinned when configured',
        params: uploadParams,
        response: { 200: uploadSchema, ...errorResponses, 415: errorBody, 502: errorBody },
      },
    },
    async (request) => uploads().finish(signedIn(request), request.params.slug, request.params.uploadId),
  );
};

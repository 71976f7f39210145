// The publisher table of 001 §7 under /api (decision 017). Every route needs a signed-in member of the
// publisher (publisher_members); anyone else gets 404 PUBLISHER_NOT_FOUND_ERROR.
import { DROP_LIST_PAGE_SIZE } from '@vitrine/domain';
import {
  dropPageSchema,
  publishCheckSchema,
  publishedSchema,
  publisherTermsSchema,
  splitListSchema,
  studioCollectionSchema,
  studioDropSchema,
  studioNftListSchema,
  studioNftSchema,
  tosApprovalSchema,
} from '@vitrine/domain/studio-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { errorBody, errorResponses } from '../../http/schemas';
import { criteriaRoutes } from './criteria.route';
import {
  collectionBody,
  collectionParams,
  dropBody,
  dropParams,
  nftBody,
  nftParams,
  slugParams,
  splitBody,
  splitKindSegments,
  splitParams,
} from './studio.schemas';
import { splitKindOf } from './studio.service';

const tags = ['studio'];
const user = { auth: 'user' as const };
const writeErrors = { ...errorResponses, 409: errorBody };

export const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  const studio = () => app.services.studio;

  app.get(
    '/publisher/:slug/drops',
    {
      config: user,
      schema: {
        tags,
        summary: "The publisher's drops, newest first, with their status labels (page size 20)",
        params: slugParams,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) }),
        response: { 200: dropPageSchema, ...errorResponses },
      },
    },
    async (request) =>
      studio().listDrops(
        request.params.slug,
        signedIn(request).userId,
        request.query.page,
        DROP_LIST_PAGE_SIZE,
      ),
  );

  app.post(
    '/publisher/:slug/drops',
    {
      config: { ...user, idempotency: true },
      schema: {
        tags,
        summary: "Create a draft drop (title 'Untitled Collection' unless given)",
        params: slugParams,
        body: dropBody.default({}),
        response: { 201: studioDropSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return studio().createDrop(request.params.slug, signedIn(request).userId, request.body ?? {});
    },
  );

  app.get(
    '/publisher/:slug/drops/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'One drop of the publisher',
        params: dropParams,
        response: { 200: studioDropSchema, ...errorResponses },
      },
    },
    async (request) => studio().getDrop(request.params.slug, signedIn(request).userId, request.params.id),
  );

  app.patch(
    '/publisher/:slug/drops/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'Change a drop (live and closed drops are view-only: 409)',
        params: dropParams,
        body: dropBody,
        response: { 200: studioDropSchema, ...writeErrors },
      },
    },
    async (request) =>
      studio().updateDrop(request.params.slug, signedIn(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/publisher/:slug/drops/:id',
    {
      config: user,
      schema: {
        tags,
        summary:
          'Delete a drop and its collections (live and closed drops cannot be deleted: 409); a paid publisher fee goes back to its payer',
        params: dropParams,
        response: {
          200: z.object({
            id: z.number().int(),
            deleted: z.literal(true),
            /** The paid publisher fee given back to the balance of the member who paid it (0: none paid, or a card voided). */
            publisherFeeRefundedInCents: z.number().int(),
          }),
          ...writeErrors,
        },
      },
    },
    async (request) => studio().deleteDrop(request.params.slug, signedIn(request).userId, request.params.id),
  );

  app.post(
    '/publisher/:slug/drops/:id/collections',
    {
      config: user,
      schema: {
        tags,
        summary:
          "Add a collection to a drop (name 'Untitled Collection' unless given; 30 characters, unique)",
        params: dropParams,
        body: collectionBody.default({}),
        response: { 201: studioCollectionSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return studio().createCollection(
        request.params.slug,
        signedIn(request).userId,
        request.params.id,
        request.body ?? {},
      );
    },
  );

  app.get(
    '/publisher/:slug/collections/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'A collection of one of the drops, with its NFTs',
        params: collectionParams,
        response: { 200: studioCollectionSchema, ...errorResponses },
      },
    },
    async (request) =>
      studio().getCollection(request.params.slug, signedIn(request).userId, request.params.id),
  );

  app.patch(
    '/publisher/:slug/collections/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'Change a collection (name, description, tags)',
        params: collectionParams,
        body: collectionBody,
        response: { 200: studioCollectionSchema, ...writeErrors },
      },
    },
    async (request) =>
      studio().updateCollection(
        request.params.slug,
        signedIn(request).userId,
        request.params.id,
        request.body,
      ),
  );

  app.get(
    '/publisher/:slug/collections/:id/nfts',
    {
      config: user,
      schema: {
        tags,
        summary: "A collection's NFTs in sort order",
        params: collectionParams,
        response: { 200: studioNftListSchema, ...errorResponses },
      },
    },
    async (request) => ({
      results: await studio().listNfts(request.params.slug, signedIn(request).userId, request.params.id),
    }),
  );

  app.post(
    '/publisher/:slug/collections/:id/nfts',
    {
      config: user,
      schema: {
        tags,
        summary: 'Add an NFT (001 §3 defaults: Untitled NFT, edition size 1, price 1 USD, royalty 10, …)',
        params: collectionParams,
        body: nftBody.default({}),
        response: { 201: studioNftSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return studio().createNft(
        request.params.slug,
        signedIn(request).userId,
        request.params.id,
        request.body ?? {},
      );
    },
  );

  app.get(
    '/publisher/:slug/collections/:id/nfts/:nftId',
    {
      config: user,
      schema: {
        tags,
        summary: 'One NFT',
        params: nftParams,
        response: { 200: studioNftSchema, ...errorResponses },
      },
    },
    async (request) =>
      studio().getNft(request.params.slug, signedIn(request).userId, request.params.id, request.params.nftId),
  );

  app.patch(
    '/publisher/:slug/collections/:id/nfts/:nftId',
    {
      config: user,
      schema: {
        tags,
        summary:
          'Change an NFT: the fields sent are checked by the 001 §5 rules (400 names each field at fault)',
        params: nftParams,
        body: nftBody,
        response: { 200: studioNftSchema, ...writeErrors },
      },
    },
    async (request) =>
      studio().updateNft(
        request.params.slug,
        signedIn(request).userId,
        request.params.id,
        request.params.nftId,
        request.body,
      ),
  );

  app.delete(
    '/publisher/:slug/collections/:id/nfts/:nftId',
    {
      config: user,
      schema: {
        tags,
        summary: 'Remove an NFT',
        params: nftParams,
        response: { 200: z.object({ id: z.number().int(), deleted: z.literal(true) }), ...writeErrors },
      },
    },
    async (request) => {
      await studio().deleteNft(
        request.params.slug,
        signedIn(request).userId,
        request.params.id,
        request.params.nftId,
      );
      return { id: request.params.nftId, deleted: true as const };
    },
  );

  app.post(
    '/publisher/:slug/collections/:id/nfts/:nftId/duplicate',
    {
      config: user,
      schema: {
        tags,
        summary: "Duplicate an NFT: a copy titled 'COPY OF …' with its creators and splits recreated",
        params: nftParams,
        response: { 201: studioNftSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return studio().duplicateNft(
        request.params.slug,
        signedIn(request).userId,
        request.params.id,
        request.params.nftId,
      );
    },
  );

  for (const segment of splitKindSegments) {
    const kind = splitKindOf(segment);
    const what =
      segment === 'onChainSalesSplits' ? 'ethAddress, percentage' : 'user (id or username), percentage';
    app.post(
      `/publisher/:slug/collections/:id/nfts/:nftId/${segment}`,
      {
        config: user,
        schema: {
          tags,
          summary: `Add a recipient to the NFT's ${segment} (${what}); answers the list and its errors`,
          params: nftParams,
          body: splitBody,
          response: { 201: splitListSchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        const p = request.params;
        return studio().addSplit(p.slug, signedIn(request).userId, p.id, p.nftId, kind, request.body);
      },
    );
    app.patch(
      `/publisher/:slug/collections/:id/nfts/:nftId/${segment}/:splitId`,
      {
        config: user,
        schema: {
          tags,
          summary: `Change a recipient of the NFT's ${segment}`,
          params: splitParams,
          body: splitBody,
          response: { 200: splitListSchema, ...writeErrors },
        },
      },
      async (request) => {
        const p = request.params;
        return studio().updateSplit(
          p.slug,
          signedIn(request).userId,
          p.id,
          p.nftId,
          kind,
          p.splitId,
          request.body,
        );
      },
    );
    if (segment !== 'onChainSalesSplits')
      app.delete(
        `/publisher/:slug/collections/:id/nfts/:nftId/${segment}/:splitId`,
        {
          config: user,
          schema: {
            tags,
            summary: `Remove a recipient of the NFT's ${segment}`,
            params: splitParams,
            response: { 200: splitListSchema, ...writeErrors },
          },
        },
        async (request) => {
          const p = request.params;
          return studio().deleteSplit(p.slug, signedIn(request).userId, p.id, p.nftId, kind, p.splitId);
        },
      );
  }

  app.get(
    '/publisher/:slug/drop/publish/:id',
    {
      config: user,
      schema: {
        tags,
        summary:
          'Whether the drop can be published: every errored field, and whether the terms need agreeing',
        params: dropParams,
        response: { 200: publishCheckSchema, ...errorResponses },
      },
    },
    async (request) =>
      studio().publishCheck(request.params.slug, signedIn(request).userId, request.params.id),
  );

  app.patch(
    '/publisher/:slug/drop/publish/:id',
    {
      config: user,
      schema: {
        tags,
        summary:
          'Publish the drop (403 tos_approval_required; 400 PUBLISH_ATTEMPT_ERROR with the errored fields; 409 when live or closed)',
        params: dropParams,
        body: z.object({ status: z.literal('published').optional() }).default({}),
        response: { 200: publishedSchema, ...writeErrors },
      },
    },
    async (request) => {
      const published = await studio().publish(
        request.params.slug,
        signedIn(request).userId,
        request.params.id,
      );
      // A drop going public changes what every browsing page may show.
      app.services.changes.touch(['*']);
      return published;
    },
  );

  app.get(
    '/publisher/:slug/tos_approval',
    {
      config: user,
      schema: {
        tags,
        summary: 'Whether the signed-in member agreed to the current publisher terms for this publisher',
        params: slugParams,
        response: { 200: tosApprovalSchema, ...errorResponses },
      },
    },
    async (request) => studio().tosApproval(request.params.slug, signedIn(request).userId),
  );

  app.post(
    '/publisher/:slug/tos_approval',
    {
      config: user,
      schema: {
        tags,
        summary: 'Agree to the current publisher terms for this publisher',
        params: slugParams,
        body: z.object({ agree: z.literal(true).optional() }).default({}),
        response: { 200: tosApprovalSchema, ...errorResponses },
      },
    },
    async (request) => studio().approveTos(request.params.slug, signedIn(request).userId),
  );

  app.get(
    '/v1/publisher-terms/',
    {
      schema: {
        tags,
        summary: "The publisher agreement: 'Publishers Terms and Conditions' (001 §6), markdown",
        response: { 200: publisherTermsSchema, 500: errorBody },
      },
    },
    async () => studio().terms(),
  );

  app.get(
    '/v1/is-authorized-payee/:url',
    {
      config: user,
      schema: {
        tags,
        summary:
          'Whether a user (profile URL) is an authorised payee: a validated profile or a publisher member',
        params: z.object({ url: z.string().min(1).max(200) }),
        response: {
          200: z.object({ url: z.string(), exists: z.boolean(), isAuthorized: z.boolean() }),
          ...errorResponses,
        },
      },
    },
    async (request) => studio().isAuthorizedPayee(request.params.url),
  );

  await app.register(criteriaRoutes);
};

import {
  collectionCardSchema,
  exploreDropWithCardsSchema,
  explorePageOf,
  nftCardSchema,
} from '@vitrine/domain/catalog-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { sendSharedAnswer, sendSharedPage } from '../../http/shared-answer';
import { exploreScopes, scope } from './answer-scopes';
import {
  bracketLists,
  exploreCollectionsQuery,
  exploreDropsQuery,
  exploreNftsQuery,
} from './catalog.schemas';

const lists = bracketLists(['categories', 'tags']);
const nftsPage = explorePageOf(nftCardSchema);
const collectionsPage = explorePageOf(collectionCardSchema);
const dropsPage = explorePageOf(exploreDropWithCardsSchema);

/**
 * Explore: NFTs, collections and drops with the filters and sorts of 001 §3, and facet counts. Answers
 * are shared by everyone, kept under the scopes of their filters (decision 004 §7); a signed-in viewer's
 * likes are laid over the shared page.
 */
export const exploreRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/explore/nfts/',
    {
      preValidation: lists,
      schema: {
        tags: ['catalog'],
        summary: 'Explore NFTs (minted tokens) with filters, sorts and facet counts',
        querystring: exploreNftsQuery,
        response: { 200: nftsPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewerId = await app.services.viewers.idOf(request);
      const { catalog } = app.services;
      return sendSharedPage(
        reply,
        app.services.answers,
        `nfts:${JSON.stringify(request.query)}`,
        exploreScopes(request.query),
        nftsPage,
        () => catalog.exploreNfts(request.query, null),
        viewerId === null ? null : (ids) => catalog.likedNfts(viewerId, ids),
      );
    },
  );

  app.get(
    '/v1/explore/collections/',
    {
      preValidation: lists,
      schema: {
        tags: ['catalog'],
        summary: 'Explore collections with filters, sorts and facet counts',
        querystring: exploreCollectionsQuery,
        response: { 200: collectionsPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewerId = await app.services.viewers.idOf(request);
      const { catalog } = app.services;
      return sendSharedPage(
        reply,
        app.services.answers,
        `collections:${JSON.stringify(request.query)}`,
        exploreScopes(request.query),
        collectionsPage,
        () => catalog.exploreCollections(request.query, null),
        viewerId === null ? null : (ids) => catalog.likedCollections(viewerId, ids),
      );
    },
  );

  app.get(
    '/v1/explore/drops/',
    {
      preValidation: lists,
      schema: {
        tags: ['catalog'],
        summary: 'Explore published drops with filters, sorts and facet counts',
        querystring: exploreDropsQuery,
        response: { 200: dropsPage, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendSharedAnswer(
        reply,
        app.services.answers,
        `drops:${JSON.stringify(request.query)}`,
        // Its drop cards show highest bids, which a bid changes (drops.service, decision 012).
        [...exploreScopes(request.query), scope.dropCards],
        dropsPage,
        () => app.services.catalog.exploreDrops(request.query),
      ),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import { exploreRoute } from './explore.route';
import { getCollectionRoute } from './get-collection.route';
import { getItemRoute } from './get-item.route';
import { getProfileRoute } from './get-profile.route';
import { getStorefrontRoute } from './get-storefront.route';
import { listCollectionTokensRoute } from './list-collection-tokens.route';
import { listNbnoRoute } from './list-nbno.route';

/** Catalog area: explore, item, collections, storefronts, profiles (docs/decisions/004-catalog-api.md). */
export const catalogRoutes: FastifyPluginAsync = async (app) => {
  await app.register(exploreRoute);
  await app.register(getItemRoute);
  await app.register(getCollectionRoute);
  await app.register(listCollectionTokensRoute);
  await app.register(getStorefrontRoute);
  await app.register(getProfileRoute);
  await app.register(listNbnoRoute);
};

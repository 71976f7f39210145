import type { FastifyPluginAsync } from 'fastify';
import { followRoute } from './follow.route';
import { listFavoritesRoute } from './list-favorites.route';
import { listSubscriptionsRoute } from './list-subscriptions.route';
import { saveFavoriteRoute } from './save-favorite.route';

/** Social area: follows, favourites boards, likes. */
export const socialRoutes: FastifyPluginAsync = async (app) => {
  await app.register(listSubscriptionsRoute);
  await app.register(followRoute);
  await app.register(listFavoritesRoute);
  await app.register(saveFavoriteRoute);
};

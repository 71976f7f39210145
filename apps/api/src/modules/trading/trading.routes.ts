import type { FastifyPluginAsync } from 'fastify';
import { balanceRoute } from './balance.route';
import { cardVerificationsRoute } from './card-verifications.route';
import { editionsRoute } from './editions.route';
import { listingMatchRoute } from './listing-match.route';
import { listingsRoute } from './listings.route';
import { offersRoute } from './offers.route';
import { paymentsRoute } from './payments.route';
import { stripeWebhookRoute } from './stripe-webhook.route';

/** Trading area: listings, Buy Now, purchase intents, payments (decision 009). */
export const tradingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(listingsRoute);
  await app.register(listingMatchRoute);
  await app.register(paymentsRoute);
  await app.register(balanceRoute);
  await app.register(stripeWebhookRoute);
  await app.register(offersRoute);
  await app.register(cardVerificationsRoute);
  await app.register(editionsRoute);
};

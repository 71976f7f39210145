import type { FastifyPluginAsync } from 'fastify';
import { addFxRateRoute } from './add-fx-rate.route';
import { featureFlagsRoute } from './feature-flags.route';
import { healthRoute } from './health.route';
import { listFxRatesRoute } from './list-fx-rates.route';
import { readyRoute } from './ready.route';
import { setFeatureFlagRoute } from './set-feature-flag.route';

/** Platform area: health, readiness, feature flags, exchange rates. */
export const platformRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoute);
  await app.register(readyRoute);
  await app.register(featureFlagsRoute);
  await app.register(setFeatureFlagRoute);
  await app.register(listFxRatesRoute);
  await app.register(addFxRateRoute);
};

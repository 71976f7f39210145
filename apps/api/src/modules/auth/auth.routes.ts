import type { FastifyPluginAsync } from 'fastify';
import { RateLimitedError } from '../../lib/rate-limit';
import { phoneVerificationRoutes } from '../users/phone-verification.route';
import { profileRoutes } from '../users/profile.route';
import { walletMessageRoutes } from '../wallets/wallet-message.route';
import { captchaChallengeRoute } from './captcha-challenge.route';
import { loginRoute } from './login.route';
import { oneTouchRoute } from './one-touch.route';
import { passwordRoutes } from './password.route';
import { revokeTokenRoute } from './revoke-token.route';
import { sessionsRoutes } from './sessions.route';
import { signupRoute } from './signup.route';
import { tokenRoute } from './token.route';
import { twofaSettingsRoutes } from './twofa-settings.route';
import { twofaVerifyRoute } from './twofa-verify.route';
import { verifyEmailRoute } from './verify-email.route';

export { devOutboxRoutes } from './dev-outbox.route';

/** Accounts (auth, users, wallets): docs/decisions/003-accounts-api.md. */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  // A 429 tells when to come back.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  await app.register(captchaChallengeRoute);
  await app.register(tokenRoute);
  await app.register(revokeTokenRoute);
  await app.register(loginRoute);
  await app.register(twofaVerifyRoute);
  await app.register(oneTouchRoute);
  await app.register(signupRoute);
  await app.register(verifyEmailRoute);
  await app.register(passwordRoutes);
  await app.register(twofaSettingsRoutes);
  await app.register(sessionsRoutes);
  await app.register(profileRoutes);
  await app.register(phoneVerificationRoutes);
  await app.register(walletMessageRoutes);
};

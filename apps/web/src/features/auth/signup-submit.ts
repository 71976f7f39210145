import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../app/api-error';
import { trackSignup } from '../../lib/analytics';
import { authApi, type SignupInput } from './auth-api';
import { captchaToken } from './captcha';
import { storeSignIn } from './sign-in';
import type { BotCheck } from './useBotCheck';

/**
 * Sends a signup with both bot checks: the widget's token and a fresh invisible one (either valid is
 * enough). On success the new user is signed in and the signup events fire (000 §4).
 */
export async function submitSignup(
  queryClient: QueryClient,
  botCheck: BotCheck,
  input: SignupInput,
): Promise<void> {
  try {
    const [widgetToken, invisibleToken] = await Promise.all([botCheck.verify(), captchaToken()]);
    const answer = await authApi.signup({
      ...input,
      captchaToken: widgetToken,
      captchaTokenV3: invisibleToken,
    });
    trackSignup(input.grantType);
    storeSignIn(queryClient, answer.data);
  } finally {
    // Every solution is accepted once: the widget starts over after any submit (000 §8).
    botCheck.reset();
  }
}

export function isUnauthorizedSignup(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 401;
}

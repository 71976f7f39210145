import { LOGIN_PATH, SIGNUP_PATH } from './paths';
import { redirectQuery } from './redirect';

/** The signup page, keeping the redirect parameters; for a wallet, ?type=wallet&walletAddress=. */
export function signupHref(search: URLSearchParams, walletAddress?: string): string {
  const query = new URLSearchParams(redirectQuery(search));
  if (walletAddress !== undefined) {
    query.set('type', 'wallet');
    if (walletAddress) query.set('walletAddress', walletAddress);
  }
  const referral = search.get('referral');
  if (referral) query.set('referral', referral);
  const text = query.toString();
  return text ? `${SIGNUP_PATH}?${text}` : SIGNUP_PATH;
}

/** The login page, keeping the redirect parameters. */
export function loginHref(search: URLSearchParams): string {
  return `${LOGIN_PATH}${redirectQuery(search)}`;
}

// Routes of the accounts screens.
export { LOGIN_PATH, SIGNUP_PATH } from '../../app/site-links';

export const NEW_LOGIN_PATH = '/new-login';
export const ONBOARDING_PATH = '/onboarding';
export const VERIFY_EMAIL_PATH = '/verify-email';
export const RESET_PASSWORD_PATH = '/reset-password';
export const ACCOUNT_SETTINGS_PATH = '/account/settings';
export const MY_OFFERS_PATH = '/account/offers';
export const SECURITY_SETTINGS_PATH = '/account/settings/security';
export const SESSIONS_SETTINGS_PATH = '/account/settings/sessions';
export const PROFILE_VALIDATION_PATH = '/account/profile-validation';
/** Where 'Enable 2FA' of the two-factor prompt leads (000 §4 "runs the two-factor redirect"). */
export const ENABLE_TWO_FACTOR_PATH = `${SECURITY_SETTINGS_PATH}?enable2fa=1`;
/** The publishers area (001 §2 "Publishers entry"). */
export const PUBLISHERS_PATH = '/publishers';

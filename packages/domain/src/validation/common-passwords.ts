// The common-password rule for new passwords (issue #11, OWASP ASVS 5.0 L2): a separate entry point
// (`@vitrine/domain/common-passwords`) because its list is large; the API imports it, the web app
// does not (it shows the API's 400 message under the field). Contract: docs/decisions/003-accounts-api.md.
import { dictionary } from '@zxcvbn-ts/language-common';
import { normalizePassword, passwordContainsEmailName, VALIDATION_MESSAGES } from './accounts';

/** zxcvbn-ts's list of the most common passwords (about 49,000, most common first), lowercase NFC. */
const COMMON = new Set(dictionary['passwords-common'].map((p) => normalizePassword(p).toLowerCase()));

/** One trailing digit, punctuation mark or symbol: how a common word is usually made to meet "special character or number". */
const TRAILING_SPECIAL_OR_NUMBER = /[\p{N}\p{P}\p{S}]$/u;

/** The number of passwords on the list (at least 10,000). */
export const COMMON_PASSWORD_COUNT = COMMON.size;

/**
 * Whether a password is on the common list, case-insensitively, also once one trailing digit or
 * symbol is removed ('sunshine7' is 'sunshine' plus the number the checklist asks for).
 */
export function isCommonPassword(password: string): boolean {
  const p = normalizePassword(password).toLowerCase();
  if (COMMON.has(p)) return true;
  const stripped = p.replace(TRAILING_SPECIAL_OR_NUMBER, '');
  return stripped !== p && COMMON.has(stripped);
}

/**
 * The rule for a new password beyond the spec's two (`passwordSchema`): not a common password, not
 * containing the email's name. Answers the message to show, or null when the password may be used.
 */
export function weakPasswordMessage(password: string, email: string | null | undefined): string | null {
  if (isCommonPassword(password)) return VALIDATION_MESSAGES.passwordCommon;
  if (email && passwordContainsEmailName(password, email)) return VALIDATION_MESSAGES.passwordContainsEmail;
  return null;
}

// Query keys of the signed-in user. Everything cached for that user lives under `user()` (the account
// feature's keys too): sign-in and sign-out drop that prefix.
export const authKeys = {
  user: () => ['user'] as const,
  profile: () => [...authKeys.user(), 'profile'] as const,
  phoneVerification: () => [...authKeys.user(), 'phone-verification'] as const,
  verifyEmail: (code: string) => ['verify-email', code] as const,
};

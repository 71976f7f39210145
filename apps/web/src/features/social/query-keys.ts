// Query keys of the social feature; `subscriptions()` is the prefix of every follow-state answer.
export const socialKeys = {
  subscriptions: () => ['contract-subscriptions'] as const,
  /** `addresses`: lowercase, unique and sorted, so one set of cards has one key. */
  contractSubscriptions: (addresses: readonly string[], signedIn: boolean) =>
    [...socialKeys.subscriptions(), addresses, signedIn] as const,
};

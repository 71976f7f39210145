// Query keys of platform answers (feature flags, exchange rates).
export const platformKeys = {
  featureFlags: () => ['feature-flags'] as const,
  fxRate: (sourceCurrency: string, baseCurrency: string) =>
    ['fx-rate', sourceCurrency, baseCurrency] as const,
};

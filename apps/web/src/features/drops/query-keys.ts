// Query keys of a drop page's sales (decision 015); `all()` is the prefix of every one.
export const dropPageKeys = {
  all: () => ['drop-page'] as const,
  drop: (slug: string) => [...dropPageKeys.all(), 'drop', slug.toLowerCase()] as const,
  eligibility: (slug: string, signedIn: boolean) =>
    [...dropPageKeys.all(), 'eligibility', slug.toLowerCase(), { signedIn }] as const,
};

/** The profile a `/{slug}` path names when it is `/@{userSlug}` (001 §2), or null for a storefront. */
export function profileUrlOfSlug(slug: string): string | null {
  return slug.startsWith('@') && slug.length > 1 ? slug.slice(1) : null;
}

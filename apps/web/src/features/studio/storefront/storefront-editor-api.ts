import { api } from '../../../app/api-client';

export interface EditorStorefront {
  slug: string;
  name: string;
  description: string;
  profilePicUrl: string | null;
  coverPhotoUrl: string | null;
  socialLinks: { id: string; kind: string; url: string }[];
}

export type StorefrontChanges = Partial<Omit<EditorStorefront, 'socialLinks'>>;

const base = (slug: string) => `/publisher/${encodeURIComponent(slug)}/`;

/** The storefront editor's calls (001 §7). */
export const storefrontEditorApi = {
  get: (slug: string, signal?: AbortSignal) => api.get<EditorStorefront>(base(slug), { signal }),
  update: (slug: string, changes: StorefrontChanges) => api.patch<EditorStorefront>(base(slug), changes),
  addLink: (slug: string, link: { kind: string; url: string }) =>
    api.post<EditorStorefront>(`${base(slug)}social-links/`, link),
  removeLink: (slug: string, id: string) =>
    api.delete<EditorStorefront>(`${base(slug)}social-links/${encodeURIComponent(id)}/`),
};

/** Query keys of the storefront editor (slugs lowercased: one storefront, one key). */
export const storefrontEditorKeys = {
  all: () => ['storefront-editor'] as const,
  storefront: (slug: string) => [...storefrontEditorKeys.all(), slug.toLowerCase()] as const,
};

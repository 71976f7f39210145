import { createHash } from 'node:crypto';
import { type Db, schema } from '@vitrine/db';
import { and, eq, sql } from 'drizzle-orm';

const { publishers, users, uploads } = schema;

export interface EditorSocialLink {
  id: string;
  kind: string;
  url: string;
}

export interface EditorStorefront {
  id: number;
  slug: string;
  name: string;
  description: string;
  profilePicUrl: string | null;
  coverPhotoUrl: string | null;
  socialLinks: EditorSocialLink[];
}

/**
 * Links stored before they had ids answer a derived one, the same in SQL and here (the first 16 hex digits
 * of md5(kind || ' ' || url)); links added by the editor store a random id of that shape.
 */
export const derivedLinkId = (kind: string, url: string) =>
  createHash('md5').update(`${kind} ${url}`).digest('hex').slice(0, 16);
const linkIdSql = sql`coalesce(e->>'id', substr(md5((e->>'kind') || ' ' || (e->>'url')), 1, 16))`;

const withIds = (links: { id?: string; kind: string; url: string }[]): EditorSocialLink[] =>
  links.map((l) => ({ id: l.id ?? derivedLinkId(l.kind, l.url), kind: l.kind, url: l.url }));

const columns = {
  id: publishers.id,
  slug: publishers.slug,
  name: publishers.name,
  description: publishers.description,
  profilePicUrl: publishers.profilePicUrl,
  coverPhotoUrl: publishers.coverPhotoUrl,
  socialLinks: publishers.socialLinks,
};

export function createStorefrontEditorRepo(db: Db) {
  const map = (
    row: Omit<EditorStorefront, 'socialLinks'> & {
      socialLinks: { id?: string; kind: string; url: string }[];
    },
  ): EditorStorefront => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    profilePicUrl: row.profilePicUrl,
    coverPhotoUrl: row.coverPhotoUrl,
    socialLinks: withIds(row.socialLinks),
  });

  return {
    async find(publisherId: number): Promise<EditorStorefront | null> {
      const [row] = await db.select(columns).from(publishers).where(eq(publishers.id, publisherId)).limit(1);
      return row ? map(row) : null;
    },

    async update(
      publisherId: number,
      fields: Partial<
        Pick<EditorStorefront, 'slug' | 'name' | 'description' | 'profilePicUrl' | 'coverPhotoUrl'>
      >,
      at: Date,
    ): Promise<EditorStorefront | null> {
      const [row] = await db
        .update(publishers)
        .set({ ...fields, updatedAt: at })
        .where(eq(publishers.id, publisherId))
        .returning(columns);
      return row ? map(row) : null;
    },

    /** Whether a user's storefront (creator profile) already answers at /{slug}. */
    async isProfileUrl(slug: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.profileUrl}) = lower(${slug})`)
        .limit(1);
      return row !== undefined;
    },

    /** A still image this publisher uploaded and finished. */
    async isPublisherImage(publisherId: number, mediaUrl: string): Promise<boolean> {
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            eq(uploads.publisherId, publisherId),
            eq(uploads.status, 'finished'),
            eq(uploads.mediaUrl, mediaUrl),
            sql`${uploads.assetType} in ('Image', 'AnimatedImage')`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Appends a link in one statement, unless the storefront already lists `max`. Null when full. */
    async addLink(
      publisherId: number,
      link: EditorSocialLink,
      max: number,
      at: Date,
    ): Promise<EditorStorefront | null> {
      const [row] = await db
        .update(publishers)
        .set({
          socialLinks: sql`${publishers.socialLinks} || jsonb_build_array(jsonb_build_object('id', ${link.id}::text, 'kind', ${link.kind}::text, 'url', ${link.url}::text))`,
          updatedAt: at,
        })
        .where(
          and(eq(publishers.id, publisherId), sql`jsonb_array_length(${publishers.socialLinks}) < ${max}`),
        )
        .returning(columns);
      return row ? map(row) : null;
    },

    /** Removes the link with this id in one statement. Null when there was none. */
    async removeLink(publisherId: number, linkId: string, at: Date): Promise<EditorStorefront | null> {
      const [row] = await db
        .update(publishers)
        .set({
          socialLinks: sql`coalesce((select jsonb_agg(e order by n) from jsonb_array_elements(${publishers.socialLinks}) with ordinality as l(e, n) where ${linkIdSql} <> ${linkId}), '[]'::jsonb)`,
          updatedAt: at,
        })
        .where(
          and(
            eq(publishers.id, publisherId),
            sql`exists (select 1 from jsonb_array_elements(${publishers.socialLinks}) as l(e) where ${linkIdSql} = ${linkId})`,
          ),
        )
        .returning(columns);
      return row ? map(row) : null;
    },
  };
}
export type StorefrontEditorRepo = ReturnType<typeof createStorefrontEditorRepo>;

// The storefront editor (001 §2 "Storefront editor", §3 "Storefront", §5, §7): a publisher's members change
// its name, bio, slug, pictures (from their uploads) and social links. The public storefront and every
// answer naming the publisher are computed again after a change (decision 004 §7: the `*` scope).
import { randomBytes } from 'node:crypto';
import type { Db } from '@vitrine/db';
import {
  AppError,
  isReservedStorefrontSlug,
  type SocialLinkInput,
  STOREFRONT_MAX_SOCIAL_LINKS,
  STOREFRONT_MESSAGES,
  type StorefrontUpdate,
} from '@vitrine/domain';
import { type ChangeScopes, EVERY_SCOPE } from '../../lib/change-scopes';
import type { Clock } from '../../lib/clock';
import { publisherNotFound, requireMemberPublisher } from '../../lib/publisher-access';
import { isUniqueViolation } from '../auth/auth.repo';
import type { AuthContext } from '../auth/auth.service';
import { scope } from '../catalog/answer-scopes';
import type { EditorStorefront, StorefrontEditorRepo } from './storefront-editor.repo';

const invalid = (field: string, message: string) =>
  new AppError({ errorType: 'validation-error', message, statusCode: 400, fields: { [field]: message } });

export function createStorefrontEditorService(deps: {
  db: Db;
  repo: StorefrontEditorRepo;
  clock: Clock;
  changes: ChangeScopes;
}) {
  const { db, repo, clock, changes } = deps;

  const touched = (...slugs: string[]) =>
    changes.touch([EVERY_SCOPE, ...slugs.map((s) => scope.publisher(s))]);

  async function load(auth: AuthContext, slug: string): Promise<EditorStorefront> {
    const publisher = await requireMemberPublisher(db, slug, auth.userId);
    const storefront = await repo.find(publisher.id);
    if (!storefront) throw publisherNotFound();
    return storefront;
  }

  return {
    get: load,

    async update(auth: AuthContext, slug: string, input: StorefrontUpdate): Promise<EditorStorefront> {
      const current = await load(auth, slug);
      const fields: Parameters<StorefrontEditorRepo['update']>[1] = {};
      if (input.name !== undefined) fields.name = input.name;
      if (input.description !== undefined) fields.description = input.description;
      if (input.slug !== undefined && input.slug !== current.slug) {
        const sameButCase = input.slug.toLowerCase() === current.slug.toLowerCase();
        if (!sameButCase && (isReservedStorefrontSlug(input.slug) || (await repo.isProfileUrl(input.slug)))) {
          throw invalid('slug', STOREFRONT_MESSAGES.slugTaken);
        }
        fields.slug = input.slug;
      }
      for (const field of ['profilePicUrl', 'coverPhotoUrl'] as const) {
        const value = input[field];
        if (value === undefined || value === current[field]) continue;
        if (value !== null && !(await repo.isPublisherImage(current.id, value))) {
          throw invalid(field, STOREFRONT_MESSAGES.mediaUrl);
        }
        fields[field] = value;
      }
      let updated: EditorStorefront | null;
      try {
        updated = await repo.update(current.id, fields, clock.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid('slug', STOREFRONT_MESSAGES.slugTaken);
        throw error;
      }
      if (!updated) throw publisherNotFound();
      touched(current.slug, updated.slug);
      return updated;
    },

    async addSocialLink(auth: AuthContext, slug: string, link: SocialLinkInput): Promise<EditorStorefront> {
      const current = await load(auth, slug);
      const id = randomBytes(8).toString('hex');
      const updated = await repo.addLink(
        current.id,
        { id, ...link },
        STOREFRONT_MAX_SOCIAL_LINKS,
        clock.now(),
      );
      if (!updated) throw invalid('url', STOREFRONT_MESSAGES.tooManyLinks);
      touched(current.slug);
      return updated;
    },

    async removeSocialLink(auth: AuthContext, slug: string, linkId: string): Promise<EditorStorefront> {
      const current = await load(auth, slug);
      const updated = await repo.removeLink(current.id, linkId, clock.now());
      if (!updated)
        throw new AppError({
          errorType: 'not-found',
          message: STOREFRONT_MESSAGES.linkNotFound,
          statusCode: 404,
        });
      touched(current.slug);
      return updated;
    },
  };
}
export type StorefrontEditorService = ReturnType<typeof createStorefrontEditorService>;

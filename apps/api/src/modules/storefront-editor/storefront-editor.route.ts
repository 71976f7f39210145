// The storefront editor's calls (001 §7), members of the publisher only:
//   GET, PATCH /api/publisher/{slug}/                        the storefront's fields (PATCH: any of them)
//   POST       /api/publisher/{slug}/social-links/           { kind, url } → the storefront with the new link
//   DELETE     /api/publisher/{slug}/social-links/{id}/      → the storefront without it
import { socialLinkInputSchema, storefrontUpdateSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/guard';
import { errorResponses } from '../../http/schemas';

export const editorStorefrontSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  profilePicUrl: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  socialLinks: z.array(z.object({ id: z.string(), kind: z.string(), url: z.string() })),
});

const slugParam = z.object({ slug: z.string().min(1).max(100) });

export const storefrontEditorRoute: FastifyPluginAsyncZod = async (app) => {
  const editor = () => app.services.storefrontEditor;
  const view = ({ id: _id, ...rest }: { id: number } & z.output<typeof editorStorefrontSchema>) => rest;

  app.get(
    '/publisher/:slug/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary: "The storefront's fields for its editor (social links with their ids)",
        params: slugParam,
        response: { 200: editorStorefrontSchema, ...errorResponses },
      },
    },
    async (request) => view(await editor().get(signedIn(request), request.params.slug)),
  );

  app.patch(
    '/publisher/:slug/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary:
          'Update the storefront: name (< 65), bio (<= 1000), slug (< 36), cover and avatar from uploads',
        params: slugParam,
        body: storefrontUpdateSchema,
        response: { 200: editorStorefrontSchema, ...errorResponses },
      },
    },
    async (request) => view(await editor().update(signedIn(request), request.params.slug, request.body)),
  );

  app.post(
    '/publisher/:slug/social-links/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary:
          'Add a social link (Website, X, Facebook, Instagram, YouTube, Twitch, Reddit, Discord; https)',
        params: slugParam,
        body: socialLinkInputSchema,
        response: { 201: editorStorefrontSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(view(await editor().addSocialLink(signedIn(request), request.params.slug, request.body))),
  );

  app.delete(
    '/publisher/:slug/social-links/:id/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['studio'],
        summary: 'Remove a social link',
        params: z.object({ slug: z.string().min(1).max(100), id: z.string().regex(/^[0-9a-f]{16}$/) }),
        response: { 200: editorStorefrontSchema, ...errorResponses },
      },
    },
    async (request) =>
      view(await editor().removeSocialLink(signedIn(request), request.params.slug, request.params.id)),
  );
};

// The signed-in user's profile and its edits (000 §3 "User profile", §7 "Account").
import {
  alterProfileSchema,
  preferencesSchema,
  profileSchema,
  profileUrlSchema,
  purchaseInfoSchema,
  socialLinksSchema,
} from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalAuth, signedIn } from '../../http/guard';
import { formBody } from '../../http/parse';
import { accountErrors } from '../auth/schemas';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = () => app.services.accounts.users;

  app.get(
    '/user/profile/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: profileSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return users().profile(signedIn(request).userId);
    },
  );

  app.get(
    '/user/get-purchase-info/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary: 'What a purchase needs to know of the signed-in user: balances, payment methods, checks',
        response: { 200: purchaseInfoSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The response schema keeps the purchase's fields of the profile, and only those.
      return users().profile(signedIn(request).userId);
    },
  );

  app.post(
    '/user/update-profile-picture/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary:
          'New profile picture: new_profile_pic as a base64 data URL (PNG, JPEG, GIF, WebP, AVIF; 700 KB)',
        body: z.object({
          new_profile_pic: z.string({ error: 'Required' }).min(1, 'Required').max(1_000_000),
        }),
        response: {
          200: z.object({ profilePicUrl: z.string(), profile_pic_url: z.string() }),
          ...accountErrors,
        },
      },
    },
    async (request) => users().updatePicture(signedIn(request), request.body.new_profile_pic),
  );

  app.post(
    '/user/v2/alter-user-profile/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Edit name, bio, profile URL, first and last name',
        body: formBody(alterProfileSchema, {
          profile_url: ['profile_url', 'profileUrl'],
          first_name: ['first_name', 'firstName'],
          last_name: ['last_name', 'lastName'],
        }),
        response: { 200: profileSchema, ...accountErrors },
      },
    },
    async (request) => users().alterProfile(signedIn(request), request.body),
  );

  app.post(
    '/user/alter-user-social-links/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Replace the social links (verified email required)',
        body: socialLinksSchema,
        response: {
          200: z.object({ socialLinks: z.array(z.object({ kind: z.string(), url: z.string() })) }),
          ...accountErrors,
        },
      },
    },
    async (request) => users().setSocialLinks(signedIn(request), request.body.socialLinks),
  );

  app.get(
    '/user/is-profile-url-taken/',
    {
      schema: {
        tags: ['users'],
        summary: 'Is this profile URL taken by someone else?',
        querystring: z.object({ profile_url: profileUrlSchema }),
        response: { 200: z.object({ profile_url: z.string(), taken: z.boolean() }), ...accountErrors },
      },
    },
    async (request) => users().isProfileUrlTaken(request.query.profile_url, await optionalAuth(request)),
  );

  app.patch(
    '/user/preferences/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Preferences: displayCurrency, storefrontTabPref, budget (cents)',
        body: formBody(preferencesSchema),
        response: { 200: z.object({ preferences: z.record(z.string(), z.unknown()) }), ...accountErrors },
      },
    },
    async (request) => users().setPreferences(signedIn(request), request.body),
  );
};

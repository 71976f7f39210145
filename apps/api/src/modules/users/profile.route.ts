// The signed-in user's profile and its edits (000 §3 "User profile", §7 "Account").
import {
  alterProfileSchema,
  preferencesSchema,
  profileSchema,
  profileUrlSchema,
  socialLinksSchema,
} from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalAuth, signedIn } from '../../http/guard';
import { looseBody, parseWith, pick } from '../../http/parse';
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

  app.post(
    '/user/update-profile-picture/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary:
          'New profile picture: new_profile_pic as a base64 data URL (PNG, JPEG, GIF, WebP, AVIF; 700 KB)',
        body: z.object({ new_profile_pic: z.string().max(1_000_000).optional() }),
        response: {
          200: z.object({ profilePicUrl: z.string(), profile_pic_url: z.string() }),
          ...accountErrors,
        },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      const { new_profile_pic } = parseWith(
        z.object({ new_profile_pic: z.string({ error: 'Required' }).min(1, 'Required') }),
        {
          new_profile_pic: request.body.new_profile_pic,
        },
      );
      return users().updatePicture(auth, new_profile_pic);
    },
  );

  app.post(
    '/user/v2/alter-user-profile/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Edit name, bio, profile URL, first and last name',
        body: looseBody([
          'name',
          'bio',
          'profile_url',
          'profileUrl',
          'first_name',
          'firstName',
          'last_name',
          'lastName',
        ]),
        response: { 200: profileSchema, ...accountErrors },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      const b = request.body;
      const input = parseWith(alterProfileSchema, {
        name: pick(b, 'name'),
        bio: pick(b, 'bio'),
        profile_url: pick(b, 'profile_url', 'profileUrl'),
        first_name: pick(b, 'first_name', 'firstName'),
        last_name: pick(b, 'last_name', 'lastName'),
      });
      return users().alterProfile(auth, input);
    },
  );

  app.post(
    '/user/alter-user-social-links/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Replace the social links (verified email required)',
        body: z.object({ socialLinks: z.unknown().optional() }),
        response: {
          200: z.object({ socialLinks: z.array(z.object({ kind: z.string(), url: z.string() })) }),
          ...accountErrors,
        },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      const { socialLinks } = parseWith(socialLinksSchema, { socialLinks: request.body.socialLinks });
      return users().setSocialLinks(auth, socialLinks);
    },
  );

  app.get(
    '/user/is-profile-url-taken/',
    {
      schema: {
        tags: ['users'],
        summary: 'Is this profile URL taken by someone else?',
        querystring: z.object({ profile_url: z.string().max(200).optional() }),
        response: { 200: z.object({ profile_url: z.string(), taken: z.boolean() }), ...accountErrors },
      },
    },
    async (request) => {
      const profileUrl = parseWith(profileUrlSchema, request.query.profile_url);
      return users().isProfileUrlTaken(profileUrl, await optionalAuth(request));
    },
  );

  app.patch(
    '/user/preferences/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Preferences: displayCurrency, storefrontTabPref, budget (cents)',
        body: looseBody(['displayCurrency', 'storefrontTabPref', 'budget']),
        response: { 200: z.object({ preferences: z.record(z.string(), z.unknown()) }), ...accountErrors },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      const b = request.body;
      const input = parseWith(preferencesSchema, {
        displayCurrency: pick(b, 'displayCurrency'),
        storefrontTabPref: pick(b, 'storefrontTabPref'),
        budget: pick(b, 'budget'),
      });
      return users().setPreferences(auth, input);
    },
  );
};

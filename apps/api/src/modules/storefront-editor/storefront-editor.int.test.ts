// The storefront editor through the real app (001 §3, §5, §7; decision 018): members only; the spec's limits
// and messages with the field at fault; pictures only from the publisher's uploads; social links with ids;
// the public storefront shows each change at once.
import { schema } from '@vitrine/db';
import { fixtures } from '@vitrine/db/testing';
import { ERROR_TYPES, STOREFRONT_MESSAGES } from '@vitrine/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing/test-app';
import { sessionFor, type TestSession } from '../social/test-session';

let t: TestApp;
let member: TestSession;
let outsider: TestSession;
let slug: string;
let publisherId: number;

beforeAll(async () => {
  t = await testApp({ seed: false });
  const f = fixtures(t.app.config.database.db);
  const owner = await f.user();
  const other = await f.user({ profileUrl: 'taken-by-a-creator' });
  const publisher = await f.publisher({ slug: 'atlas-editions', name: 'Atlas Editions' });
  await f.publisher({ slug: 'Other-House' });
  await t.app.config.database.db
    .insert(schema.publisherMembers)
    .values({ publisherId: publisher.id, userId: owner.id, role: 'owner' });
  slug = publisher.slug;
  publisherId = publisher.id;
  member = await sessionFor(t.app, owner.profileUrl);
  outsider = await sessionFor(t.app, other.profileUrl);
});
afterAll(async () => {
  await t.close();
});

type Editor = {
  slug: string;
  name: string;
  description: string;
  profilePicUrl: string | null;
  coverPhotoUrl: string | null;
  socialLinks: { id: string; kind: string; url: string }[];
};

const patch = (body: Record<string, unknown>, s = member) =>
  t.app.inject({ method: 'PATCH', url: `/api/publisher/${slug}/`, headers: s.headers, payload: body });
const addLink = (body: Record<string, unknown>, s = member) =>
  t.app.inject({
    method: 'POST',
    url: `/api/publisher/${slug}/social-links/`,
    headers: s.headers,
    payload: body,
  });
const removeLink = (id: string, s = member) =>
  t.app.inject({ method: 'DELETE', url: `/api/publisher/${slug}/social-links/${id}/`, headers: s.headers });
const storefront = async (at = slug) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/storefronts/${at}/` });
  return { status: res.statusCode, body: res.json() as Editor };
};

describe('who may edit', () => {
  it('only signed-in members of the publisher', async () => {
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/publisher/${slug}/`,
      payload: { name: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const res of [
      await patch({ name: 'Hijacked' }, outsider),
      await addLink({ kind: 'X', url: 'https://x.com/evil' }, outsider),
      await t.app.inject({ method: 'GET', url: `/api/publisher/${slug}/`, headers: outsider.headers }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errorType: ERROR_TYPES.publisherNotFound });
    }
    expect((await storefront()).body.name).toBe('Atlas Editions');
  });
});

describe('fields (001 §5)', () => {
  it('answers 400 with the field at fault and the spec message', async () => {
    const bio = await patch({ description: 'b'.repeat(1001) });
    expect(bio.statusCode).toBe(400);
    expect(bio.json().fields).toEqual({ description: 'Your bio exceeds the 1000 character limit.' });
    expect((await patch({ name: 'n'.repeat(65) })).json().fields).toEqual({
      name: STOREFRONT_MESSAGES.nameTooLong,
    });
    expect((await patch({ slug: 's'.repeat(36) })).json().fields).toEqual({
      slug: STOREFRONT_MESSAGES.slugTooLong,
    });
    expect((await patch({ slug: 'has space' })).json().fields).toEqual({
      slug: STOREFRONT_MESSAGES.slugCharacters,
    });
  });

  it('a slug must be free: other publishers (any case), creators and the app’s own pages', async () => {
    for (const taken of ['other-house', 'taken-by-a-creator', 'explore']) {
      const res = await patch({ slug: taken });
      expect(res.statusCode, taken).toBe(400);
      expect(res.json().fields).toEqual({ slug: STOREFRONT_MESSAGES.slugTaken });
    }
  });

  it('saves name and bio; the public storefront shows them', async () => {
    const res = await patch({ name: 'Atlas Editions II', description: 'd'.repeat(1000) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storefront()).body).toMatchObject({
      name: 'Atlas Editions II',
      description: 'd'.repeat(1000),
    });
  });

  it('moves the storefront to a new slug', async () => {
    const res = await patch({ slug: 'atlas_2' });
    expect(res.json()).toMatchObject({ slug: 'atlas_2' });
    expect((await storefront('atlas-editions')).status).toBe(404);
    expect((await storefront('atlas_2')).body.name).toBe('Atlas Editions II');
    slug = 'atlas_2';
  });
});

describe('pictures from uploads', () => {
  it('refuses a URL that is not one of the publisher’s uploaded images, takes one that is', async () => {
    const foreign = await patch({ profilePicUrl: 'https://elsewhere.example/a.png' });
    expect(foreign.json().fields).toEqual({ profilePicUrl: STOREFRONT_MESSAGES.mediaUrl });

    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/publisher/${slug}/uploads/`,
      headers: member.headers,
      payload: { fileName: 'avatar.png', size: bytes.length, declaredType: 'image/png', purpose: 'image' },
    });
    const { uploadId } = started.json() as { uploadId: string };
    await t.app.inject({
      method: 'PUT',
      url: `/api/publisher/${slug}/uploads/${uploadId}/`,
      headers: {
        ...member.headers,
        'content-type': 'application/octet-stream',
        'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}`,
      },
      payload: bytes,
    });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/publisher/${slug}/uploads/${uploadId}/finish/`,
      headers: member.headers,
    });
    const { mediaUrl } = done.json() as { mediaUrl: string };
    const res = await patch({ profilePicUrl: mediaUrl, coverPhotoUrl: mediaUrl });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storefront()).body).toMatchObject({ profilePicUrl: mediaUrl, coverPhotoUrl: mediaUrl });
    expect((await patch({ coverPhotoUrl: null })).json()).toMatchObject({ coverPhotoUrl: null });
  });
});

describe('social links (001 §3 kinds, §7)', () => {
  it('adds and removes links by id; the storefront shows them', async () => {
    const added = await addLink({ kind: 'X', url: 'https://x.com/atlas' });
    expect(added.statusCode, added.body).toBe(201);
    const link = (added.json() as Editor).socialLinks.at(-1);
    expect(link).toMatchObject({
      kind: 'X',
      url: 'https://x.com/atlas',
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect((await storefront()).body.socialLinks).toContainEqual({ kind: 'X', url: 'https://x.com/atlas' });

    const removed = await removeLink(link?.id ?? '');
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Editor).socialLinks.find((l) => l.id === link?.id)).toBeUndefined();
    expect((await storefront()).body.socialLinks).not.toContainEqual({
      kind: 'X',
      url: 'https://x.com/atlas',
    });
    expect((await removeLink(link?.id ?? '')).statusCode).toBe(404);
  });

  it('refuses other kinds and URLs that are not https', async () => {
    expect((await addLink({ kind: 'Myspace', url: 'https://myspace.com/a' })).json().fields).toHaveProperty(
      'kind',
    );
    expect((await addLink({ kind: 'Website', url: 'http://atlas.example' })).json().fields).toEqual({
      url: STOREFRONT_MESSAGES.linkUrl,
    });
    expect((await addLink({ kind: 'Website', url: 'javascript:alert(1)' })).statusCode).toBe(400);
  });

  it('links stored before ids existed answer an id and can be removed', async () => {
    await t.app.config.database.db
      .update(schema.publishers)
      .set({ socialLinks: [{ kind: 'Discord', url: 'https://discord.gg/atlas' }] })
      .where(eq(schema.publishers.id, publisherId));
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/publisher/${slug}/`,
      headers: member.headers,
    });
    const [legacy] = (read.json() as Editor).socialLinks;
    expect(legacy).toMatchObject({ kind: 'Discord', id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const kept = await addLink({ kind: 'Reddit', url: 'https://reddit.com/r/atlas' });
    expect((kept.json() as Editor).socialLinks).toHaveLength(2);
    const removed = await removeLink(legacy?.id ?? '');
    expect((removed.json() as Editor).socialLinks).toEqual([
      expect.objectContaining({ kind: 'Reddit', url: 'https://reddit.com/r/atlas' }),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { collectionPath, itemPath, makeGlobalOfferPath, profileLink } from './links';

describe('browsing links (000 §2, 001 §2)', () => {
  it('links a profile by its profile_url, or uses a full http(s) URL as is', () => {
    expect(profileLink('mirasolis')).toEqual({ href: '/profile/mirasolis', external: false });
    expect(profileLink('https://mira.example/about')).toEqual({
      href: 'https://mira.example/about',
      external: true,
    });
    expect(profileLink('none')).toBeNull();
    expect(profileLink(null)).toBeNull();
  });

  it('builds item, collection and make-global-offer paths', () => {
    expect(itemPath('0xabc', '100001')).toBe('/marketplace/item/0xabc/100001');
    expect(collectionPath('neon-tides')).toBe('/marketplace/collection/neon-tides');
    expect(collectionPath('0xabc', 3)).toBe('/marketplace/collection/0xabc/3');
    expect(makeGlobalOfferPath('0xabc', 3)).toBe('/makeglobaloffer/?contractAddress=0xabc&niftyType=3');
  });
});

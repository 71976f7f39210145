import { describe, expect, it } from 'vitest';
import { collectionPath, itemPath, legacyBuyPageTarget, makeGlobalOfferPath, profileLink } from './links';

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

describe('legacyBuyPageTarget (000 §2 /buypage/)', () => {
  // The query as the URL's parameters (URLSearchParams' `get`), without the DOM's types in this package.
  const target = (search: string) => {
    const pairs = search
      .replace(/^\?/, '')
      .split('&')
      .filter(Boolean)
      .map((p) => p.split('=').map(decodeURIComponent) as [string, string]);
    return legacyBuyPageTarget({
      get: (name) => pairs.find(([k]) => k === name)?.[1] ?? null,
      forEach: (each) => {
        for (const [k, v] of pairs) each(v, k);
      },
    });
  };
  const c = '0x1234567890abcdef1234567890abcdef12345678';
  it('sends a secondary buy to the item page', () => {
    expect(
      target(
        `?contractAddress=${c}&niftyType=3&tokenID=300002&isNiftyPrimaryOrSecondary=secondary&initialPrice=120`,
      ),
    ).toBe(`/marketplace/item/${c}/300002`);
  });
  it('sends a primary buy to the nifty type page', () => {
    expect(target(`?contractAddress=${c}&niftyType=3&isNiftyPrimaryOrSecondary=primary`)).toBe(
      `/marketplace/collection/${c}/3`,
    );
    expect(target(`?contractAddress=${c}&niftyType=3&tokenID=300002`)).toBe(`/marketplace/collection/${c}/3`);
  });
  it('keeps parameters of its own on the target (a campaign, a partner)', () => {
    expect(
      target(
        `?contractAddress=${c}&niftyType=3&tokenID=300002&isNiftyPrimaryOrSecondary=secondary&utm_source=mail&ref=a%26b`,
      ),
    ).toBe(`/marketplace/item/${c}/300002?utm_source=mail&ref=a%26b`);
    expect(target(`?contractAddress=${c}&niftyType=3&initialPrice=5&partner=x`)).toBe(
      `/marketplace/collection/${c}/3?partner=x`,
    );
  });
  it('sends a token id without a type to its item, and nonsense to the marketplace', () => {
    expect(target(`?contractAddress=${c}&tokenID=7`)).toBe(`/marketplace/item/${c}/7`);
    expect(target('?contractAddress=%2F%2Fevil.example&tokenID=7')).toBe('/marketplace');
    expect(target(`?contractAddress=${c}&niftyType=abc`)).toBe('/marketplace');
    expect(target('')).toBe('/marketplace');
  });
});

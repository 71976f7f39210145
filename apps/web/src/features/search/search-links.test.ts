import { describe, expect, it } from 'vitest';
import { searchPageHref, searchResultDetail, searchResultHref } from './search-links';
import type { SearchResult } from './search-types';

const creators = [{ id: 3, display_name: 'Mira Solis', slug: 'mirasolis', profile_picture_url: null }];

describe('search result links (001 §2 routes)', () => {
  it('sends each kind of result to its page', () => {
    const user: SearchResult = {
      type: 'user',
      score: 1,
      item: { id: 3, display_name: 'Mira Solis', profile_picture_url: null, slug: 'mirasolis' },
    };
    const publisher: SearchResult = {
      type: 'publisher',
      score: 1,
      item: { id: 1, display_name: 'Atlas Editions', profile_picture_url: null, slug: 'atlas' },
    };
    const collection: SearchResult = {
      type: 'collection',
      score: 1,
      item: {
        id: 1,
        collection_store_name: 'Neon Tides',
        collection_store_url: 'neon-tides',
        collection_project_icon: null,
        contract_address: '0xabc',
        schedule_start_at: null,
        schedule_end_at: null,
        creators,
        post_production_page_slug: 'neon-tides-after',
      },
    };
    const product: SearchResult = {
      type: 'product',
      score: 1,
      item: {
        id: 4,
        title: 'Low Tide',
        display_image: '/api/media/x.svg',
        contract_address: '0xabc',
        type: 2,
        creators,
        collection_store_name: 'Neon Tides',
        collection_store_url: 'neon-tides',
      },
    };
    expect(searchResultHref(user, false)).toBe('/profile/mirasolis');
    expect(searchResultHref(publisher, false)).toBe('/atlas');
    expect(searchResultHref(collection, false)).toBe('/collections/neon-tides');
    expect(searchResultHref(collection, true)).toBe('/productions/neon-tides-after');
    expect(searchResultHref(product, false)).toBe('/marketplace/collection/0xabc/2');
    expect(searchResultDetail(product)).toBe('Neon Tides · Mira Solis');
  });

  it('lowercases the text of the search page (001 §5)', () => {
    expect(searchPageHref('  Mira Solis ')).toBe('/explore/nfts?q=mira%20solis');
    expect(searchPageHref('')).toBe('/explore/nfts');
  });
});

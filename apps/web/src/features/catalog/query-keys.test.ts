import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { catalogKeys } from './query-keys';

const CONTRACT = '0xAbCdEf0000000000000000000000000000000001';

describe('catalog query keys', () => {
  it('give one page one key: same arguments, same key, whatever the case of the address or slug', () => {
    expect(catalogKeys.item(CONTRACT, '7', false)).toEqual(
      catalogKeys.item(CONTRACT.toLowerCase(), '7', false),
    );
    expect(catalogKeys.storefront('Studio-A', true)).toEqual(catalogKeys.storefront('studio-a', true));
    expect(catalogKeys.explorePage('nfts', { page: '2' }, false)).toEqual(
      catalogKeys.explorePage('nfts', { page: '2' }, false),
    );
  });

  it('keep apart what shows different answers: another token, page, view or viewer', () => {
    const keys = [
      catalogKeys.item(CONTRACT, '7', false),
      catalogKeys.item(CONTRACT, '8', false),
      catalogKeys.item(CONTRACT, '7', true),
      catalogKeys.collection('field-notes', false),
      catalogKeys.collectionNifty('field-notes', 1, false),
      catalogKeys.explorePage('nfts', {}, false),
      catalogKeys.explorePage('collections', {}, false),
      catalogKeys.favoriteNiftiesPage('ada', 1, false),
      catalogKeys.favoriteCollectionsPage('ada', 1, false),
      catalogKeys.favoriteNiftiesPage('ada', 2, false),
    ];
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });

  it("a family's prefix reaches every answer of that family and no other", () => {
    const client = new QueryClient();
    client.setQueryData(catalogKeys.item(CONTRACT, '7', true), 'item');
    client.setQueryData(catalogKeys.collection('field-notes', true), 'collection');
    client.setQueryData(catalogKeys.collectionNifty('field-notes', 1, true), 'edition');
    client.setQueryData(catalogKeys.explorePage('nfts', {}, true), 'nfts');
    client.setQueryData(catalogKeys.explorePage('drops', {}, true), 'drops');

    const found = (queryKey: readonly unknown[]) =>
      client.getQueriesData({ queryKey }).map(([, data]) => data);
    expect(found(catalogKeys.items())).toEqual(['item']);
    expect(found(catalogKeys.collections())).toEqual(['collection']);
    expect(found(catalogKeys.collectionNifties())).toEqual(['edition']);
    expect(found(catalogKeys.explore('nfts'))).toEqual(['nfts']);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '../features/account/query-keys';
import { authKeys } from '../features/auth/query-keys';
import { catalogKeys } from '../features/catalog/query-keys';
import { dropsKeys } from '../features/home/query-keys';
import { platformKeys } from '../features/platform/query-keys';
import { searchKeys } from '../features/search/query-keys';
import { socialKeys } from '../features/social/query-keys';

describe('query keys across features', () => {
  it('no two features share a key family', () => {
    const families: Record<string, readonly (readonly unknown[])[]> = {
      catalog: [
        catalogKeys.explore('nfts'),
        catalogKeys.userNifties(),
        catalogKeys.items(),
        catalogKeys.collections(),
        catalogKeys.collectionNifties(),
        catalogKeys.collectionTokens('k', {}),
        catalogKeys.storefronts(),
        catalogKeys.userProfile('u'),
        catalogKeys.favoriteNifties(),
        catalogKeys.favoriteCollections(),
      ],
      social: [socialKeys.subscriptions()],
      drops: [dropsKeys.all()],
      search: [
        searchKeys.universal('q'),
        searchKeys.index('products', { query: 'q' }),
        searchKeys.indexPages('products', { query: 'q' }),
      ],
      platform: [platformKeys.featureFlags(), platformKeys.fxRate('ETH', 'USD')],
      auth: [authKeys.user(), authKeys.verifyEmail('c')],
    };
    const owner = new Map<unknown, string>();
    for (const [feature, keys] of Object.entries(families)) {
      for (const key of keys) {
        expect(owner.get(key[0]) ?? feature, `${String(key[0])} is used by two features`).toBe(feature);
        owner.set(key[0], feature);
      }
    }
  });

  it("signing out (dropping the user's prefix) drops the account's answers too, and nothing public", () => {
    const client = new QueryClient();
    client.setQueryData(authKeys.profile(), 'profile');
    client.setQueryData(authKeys.phoneVerification(), 'phone');
    client.setQueryData(accountKeys.twoFactor(), 'twofa');
    client.setQueryData(accountKeys.sessionsPage(2), 'sessions');
    client.setQueryData(dropsKeys.list('live', 12), 'drops');
    client.removeQueries({ queryKey: authKeys.user() });
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    ).toEqual(['drops']);
  });
});

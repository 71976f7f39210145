// Usage example of @vitrine/client: the most liked NFTs on explore, then the first one's item page.
// Run it against a server: `npx tsx packages/client/examples/explore.ts http://localhost:3000`.
// (src/example.int.test.ts runs it against a real app.)
import { pathToFileURL } from 'node:url';
import { createVitrineClient } from '@vitrine/client';

export async function exploreExample(baseUrl: string) {
  const vitrine = createVitrineClient({ baseUrl });

  const explore = await vitrine.GET('/api/v1/explore/nfts/', {
    params: { query: { sort: '-likes', page_size: 5 } },
  });
  if (explore.error) throw new Error(`explore: ${explore.error.message}`);
  const first = explore.data.results[0];
  if (!first) return { total: explore.data.count, mostLiked: [], item: null };

  const item = await vitrine.GET('/api/v1/marketplace/items/{contractAddress}/{tokenId}/', {
    params: { path: { contractAddress: first.contractAddress, tokenId: first.tokenId } },
  });
  if (item.error) throw new Error(`item: ${item.error.message}`);

  return {
    total: explore.data.count,
    mostLiked: explore.data.results.map((nft) => `${nft.name} (${nft.likes} likes)`),
    item: {
      name: item.data.token.name,
      owner: item.data.owner?.username ?? null,
      listedAtCents: item.data.listing?.priceInCents ?? null,
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.info(await exploreExample(process.argv[2] ?? 'http://localhost:3000'));
}

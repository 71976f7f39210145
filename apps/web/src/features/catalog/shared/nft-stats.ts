import { formatCount, formatRarityPercent, isUnlimitedEdition } from '@vitrine/domain';
import type { NftCard } from '../catalog-types';

/** One line of a card's stats overlay (001 §3 "stats list (label, figure)"); money stays in cents. */
export type NftStat = { label: string; figure: string } | { label: string; cents: number };

/** The stats overlay of an NFT card: edition, rarity, minted, floor, last sale, likes. */
export function nftStats(card: NftCard): NftStat[] {
  const unlimited = isUnlimitedEdition(card.editions);
  const stats: NftStat[] = [
    {
      label: 'Edition',
      figure: unlimited ? `#${card.editionNumber}` : `#${card.editionNumber} / ${formatCount(card.editions)}`,
    },
    {
      label: 'Minted',
      figure: unlimited
        ? formatCount(card.mintedEditions)
        : `${formatCount(card.mintedEditions)} / ${formatCount(card.editions)}`,
    },
  ];
  if (card.rarity !== null) stats.push({ label: 'Rarity', figure: formatRarityPercent(card.rarity) });
  if (card.floorPriceInCents !== null) stats.push({ label: 'Floor', cents: card.floorPriceInCents });
  if (card.lastSale) stats.push({ label: 'Last Sale', cents: card.lastSale.amount });
  stats.push({ label: 'Likes', figure: formatCount(card.likes.likesAmount) });
  return stats;
}

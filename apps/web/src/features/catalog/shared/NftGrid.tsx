import { useStagedCount } from '../../../lib/useStagedCount';
import { useContractSubscriptions } from '../../social/useContractSubscriptions';
import type { NftCard as NftCardData } from '../catalog-types';
import { NftCard } from './NftCard';
import styles from './ResultGrid.module.css';

/** Cards shown eagerly (roughly the first row). */
const EAGER_CARDS = 4;

/** A page of NFT cards with their collections' follow state (one call for the page). */
export function NftGrid({ cards }: { cards: readonly NftCardData[] }) {
  const subscriptions = useContractSubscriptions(cards.map((card) => card.contractAddress));
  const shown = useStagedCount(cards.length);
  return (
    <ul className={`${styles.grid} ${styles.nfts}`} data-testid="nft-grid">
      {cards.slice(0, shown).map((card, index) => (
        <li key={card.id}>
          <NftCard
            nft={card}
            subscription={subscriptions.data?.get(card.contractAddress.toLowerCase())}
            priority={index < EAGER_CARDS}
          />
        </li>
      ))}
    </ul>
  );
}

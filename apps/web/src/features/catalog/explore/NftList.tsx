import { itemPath } from '@vitrine/domain';
import { Link } from '../../../ui/Link';
import { Price } from '../../../ui/Price';
import { LikeButton } from '../../social/LikeButton';
import type { NftCard as NftCardData } from '../catalog-types';
import { ArtworkMedia } from '../shared/ArtworkMedia';
import { CreatorLinks } from '../shared/CreatorLinks';
import { shownPrice } from '../shared/nft-price';
import { centsPrice } from '../shared/price-props';
import styles from './NftList.module.css';

/** Rows whose thumbnails load eagerly (roughly the first screen). */
const EAGER_ROWS = 6;
const THUMB_SIZES = '72px';

/** Explore's list layout (`?view=list`): one row per NFT, from the same page of cards as the grid. */
export function NftList({ cards }: { cards: readonly NftCardData[] }) {
  return (
    <ul className={styles.list} data-testid="nft-list">
      {cards.map((card, index) => (
        <li key={card.id}>
          <NftRow nft={card} priority={index < EAGER_ROWS} />
        </li>
      ))}
    </ul>
  );
}

/** One NFT as a row: thumbnail, name, collection, creators, price in the display currency and likes. */
export function NftRow({ nft, priority = false }: { nft: NftCardData; priority?: boolean }) {
  const price = shownPrice(nft);
  return (
    <article
      className={styles.row}
      data-testid="nft-row"
      data-token={`${nft.contractAddress}/${nft.tokenId}`}
      aria-label={nft.name}
    >
      <div className={styles.thumb}>
        <ArtworkMedia asset={nft.asset} title={nft.name} sizes={THUMB_SIZES} priority={priority} />
      </div>
      <div className={styles.main}>
        <h3 className={styles.name}>
          <Link
            to={itemPath(nft.contractAddress, nft.tokenId)}
            className={styles.nameLink}
            data-testid="nft-row-link"
          >
            {nft.name}
          </Link>
        </h3>
        <Link
          to={`/marketplace/collection/${encodeURIComponent(nft.project.slug)}`}
          className={styles.collection}
        >
          {nft.project.name}
        </Link>
        <CreatorLinks creators={nft.creators} className={styles.creators} />
      </div>
      <div className={styles.price}>
        <span className={styles.priceLabel}>{price === null ? 'Not listed' : price.label}</span>
        {price === null ? <span className={styles.muted}>—</span> : <Price {...centsPrice(price.cents)} />}
      </div>
      <LikeButton
        target={{ kind: 'token', contractAddress: nft.contractAddress, tokenId: nft.tokenId }}
        likes={nft.likes}
        className={styles.like}
      />
    </article>
  );
}

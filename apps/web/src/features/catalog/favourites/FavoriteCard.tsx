import { collectionPath, itemPath } from '@vitrine/domain';
import { Link } from '../../../ui/Link';
import { Price } from '../../../ui/Price';
import { LikeButton } from '../../social/LikeButton';
import type { FavoriteNifty } from '../catalog-types';
import { ArtworkMedia } from '../shared/ArtworkMedia';
import { NFT_CARD_SIZES } from '../shared/NftCard';
import { centsPrice } from '../shared/price-props';
import styles from './FavoriteCard.module.css';

/** A saved nifty on a favourites board: a liked token, or a saved edition; its heart removes (or saves) it. */
export function FavoriteCard({ favorite }: { favorite: FavoriteNifty }) {
  const href =
    favorite.kind === 'token' && favorite.tokenId
      ? itemPath(favorite.contractAddress, favorite.tokenId)
      : collectionPath(favorite.contractAddress, favorite.typeNumber);
  const cents = favorite.priceInCents ?? favorite.floorPriceInCents;
  return (
    <article className={styles.card} data-testid="favorite-card">
      <div className={styles.media}>
        <ArtworkMedia asset={favorite.asset} title={favorite.name} sizes={NFT_CARD_SIZES} />
      </div>
      <div className={styles.body}>
        <p className={styles.collection}>{favorite.project.name}</p>
        <h3 className={styles.title}>
          <Link to={href} className={styles.link}>
            {favorite.name}
          </Link>
        </h3>
        <p className={styles.price}>
          {cents === null ? (
            <span className={styles.muted}>Not listed</span>
          ) : (
            <Price {...centsPrice(cents)} />
          )}
          <LikeButton
            target={
              favorite.kind === 'token' && favorite.tokenId
                ? { kind: 'token', contractAddress: favorite.contractAddress, tokenId: favorite.tokenId }
                : {
                    kind: 'edition',
                    contractAddress: favorite.contractAddress,
                    typeNumber: favorite.typeNumber,
                  }
            }
            likes={favorite.likes}
            variant="inline"
          />
        </p>
      </div>
    </article>
  );
}

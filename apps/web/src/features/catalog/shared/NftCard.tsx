import { itemPath, makeGlobalOfferPath } from '@vitrine/domain';
import { useId, useState } from 'react';
import { Link } from '../../../ui/Link';
import { Price } from '../../../ui/Price';
import { useProfile } from '../../auth/profile-query';
import { FollowButton } from '../../social/FollowButton';
import { LikeButton } from '../../social/LikeButton';
import type { NftCard as NftCardData, Subscription } from '../catalog-types';
import { ArtworkMedia } from './ArtworkMedia';
import { AssetViewer } from './AssetViewer';
import { CreatorLinks } from './CreatorLinks';
import { NftBadge } from './NftBadge';
import styles from './NftCard.module.css';
import { shownPrice } from './nft-price';
import { nftStats } from './nft-stats';
import { centsPrice } from './price-props';

export const NFT_CARD_SIZES = '(max-width: 599px) 50vw, (max-width: 1279px) 33vw, 25vw';

export interface NftCardProps {
  nft: NftCardData;
  /** Follow state of the card's collection (contract); the follow control hides without it. */
  subscription?: Subscription | undefined;
  /** The first row of a grid loads its images eagerly. */
  priority?: boolean;
}

/**
 * An NFT card (001 §2, §3): artwork (video plays on hover), badge, like button, stats overlay toggle,
 * expand to a full-screen viewer, the collection's follow control, and a Make Global Offer button on hover.
 */
export function NftCard({ nft, subscription, priority = false }: NftCardProps) {
  const [statsOpen, setStatsOpen] = useState(false);
  const [viewerOpen, setViewerOpen] = useState(false);
  const viewerId = useProfile().data?.id ?? null;
  const statsId = useId();
  const href = itemPath(nft.contractAddress, nft.tokenId);
  const token = { contractAddress: nft.contractAddress, tokenId: nft.tokenId };

  const price = shownPrice(nft);

  return (
    <article
      className={styles.card}
      data-testid="nft-card"
      data-token={`${nft.contractAddress}/${nft.tokenId}`}
      aria-label={nft.name}
    >
      <div className={styles.media}>
        <ArtworkMedia asset={nft.asset} title={nft.name} sizes={NFT_CARD_SIZES} priority={priority} />
        {statsOpen ? (
          <dl id={statsId} className={styles.stats} data-testid="nft-stats">
            {nftStats(nft).map((stat) => (
              <div key={stat.label} className={styles.stat}>
                <dt>{stat.label}</dt>
                <dd>{'cents' in stat ? <Price {...centsPrice(stat.cents)} /> : stat.figure}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className={styles.topBar}>
          {nft.badge ? <NftBadge badge={nft.badge} /> : <span />}
          <LikeButton target={{ kind: 'token', ...token }} likes={nft.likes} className={styles.raised} />
        </div>
        <Link
          to={makeGlobalOfferPath(nft.contractAddress, nft.typeNumber)}
          className={styles.offer}
          data-testid="make-global-offer"
        >
          Make Global Offer
        </Link>
        <div className={styles.bottomBar}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={statsOpen ? 'Hide stats' : 'Show stats'}
            aria-expanded={statsOpen}
            aria-controls={statsOpen ? statsId : undefined}
            onClick={() => setStatsOpen((open) => !open)}
            data-testid="nft-stats-toggle"
          >
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M5 20V11M12 20V4M19 20v-6"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
              />
            </svg>
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="View full screen"
            onClick={() => setViewerOpen(true)}
            data-testid="nft-expand"
          >
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
              <path
                d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
      </div>
      <div className={styles.body}>
        <div className={styles.collectionRow}>
          <Link
            to={`/marketplace/collection/${encodeURIComponent(nft.project.slug)}`}
            className={styles.collection}
          >
            {nft.project.name}
          </Link>
          {subscription ? (
            <FollowButton
              target={{ kind: 'contract', contractAddress: nft.contractAddress }}
              subscription={subscription}
              size="sm"
              quiet
              name={nft.project.name}
              className={styles.follow}
            />
          ) : null}
        </div>
        <h3 className={styles.title}>
          <Link to={href} className={styles.titleLink} data-testid="nft-card-link">
            {nft.name}
          </Link>
        </h3>
        <CreatorLinks creators={nft.creators} className={styles.creators} />
        <div className={styles.footer}>
          <div className={styles.priceBlock}>
            <span className={styles.priceLabel}>{price === null ? 'Not listed' : price.label}</span>
            {price === null ? (
              <span className={styles.muted}>—</span>
            ) : (
              <Price {...centsPrice(price.cents)} />
            )}
          </div>
          <span className={styles.edition}>#{nft.editionNumber}</span>
        </div>
      </div>
      {viewerOpen ? (
        <AssetViewer
          asset={nft.asset}
          title={nft.name}
          onClose={() => setViewerOpen(false)}
          downloadable={viewerId !== null && nft.owner?.id === viewerId}
        />
      ) : null}
    </article>
  );
}

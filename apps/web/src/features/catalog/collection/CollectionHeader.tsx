import {
  CATEGORIES,
  CATEGORY_LABELS,
  formatCount,
  isOneOf,
  pluralSuffix,
  storefrontPath,
} from '@vitrine/domain';
import { Avatar } from '../../../ui/Avatar';
import { Link } from '../../../ui/Link';
import { Price } from '../../../ui/Price';
import { FollowButton } from '../../social/FollowButton';
import { LikeButton } from '../../social/LikeButton';
import type { CollectionDetail } from '../catalog-types';
import { ArtworkImage } from '../shared/ArtworkImage';
import { CountdownChip } from '../shared/CountdownChip';
import { CreatorLinks } from '../shared/CreatorLinks';
import { ExpandableText } from '../shared/ExpandableText';
import { centsPrice } from '../shared/price-props';
import { formatRelative } from '../shared/time-format';
import { CollectionDates } from './CollectionDates';
import styles from './CollectionHeader.module.css';
import { chainTag } from './chain-tag';

/** A collection's header: cover, title, publisher, artists, dates, follow, description and stats. */
export function CollectionHeader({ collection }: { collection: CollectionDetail }) {
  const { stats } = collection;
  return (
    <header className={styles.header} data-testid="collection-header">
      <div className={styles.cover}>
        {collection.imageUrl ? (
          <ArtworkImage src={collection.imageUrl} alt="" sizes="100vw" priority />
        ) : null}
      </div>
      <div className={styles.main}>
        <div className={styles.identity}>
          <span className={styles.icon}>
            {collection.imageUrl ? <ArtworkImage src={collection.imageUrl} alt="" sizes="120px" /> : null}
          </span>
          <div className={styles.names}>
            <div className={styles.tags}>
              <CountdownChip start={collection.startDate} end={collection.endDate} />
              <span className={styles.tag}>{chainTag(collection.chain)}</span>
              {isOneOf(CATEGORIES, collection.category) ? (
                <span className={styles.tag}>{CATEGORY_LABELS[collection.category]}</span>
              ) : null}
            </div>
            <h1 className={styles.title}>{collection.title}</h1>
            <p className={styles.publisher}>
              <Avatar
                src={collection.publisher.profilePicUrl}
                name={collection.publisher.name}
                size={24}
                square
              />
              by{' '}
              <Link to={storefrontPath(collection.publisher.slug)} className={styles.link}>
                {collection.publisher.name}
              </Link>
            </p>
            <CreatorLinks creators={collection.creators} />
            <CollectionDates start={collection.startDate} end={collection.endDate} className={styles.dates} />
          </div>
          <div className={styles.actions}>
            <LikeButton
              target={{ kind: 'collection', contractAddress: collection.contractAddress }}
              likes={collection.likes}
              variant="inline"
            />
            <FollowButton
              target={{ kind: 'contract', contractAddress: collection.contractAddress }}
              subscription={collection.subscription}
              name={collection.title}
            />
            <span className={styles.followers}>
              {formatCount(collection.subscription.totalCount)} follower
              {pluralSuffix(collection.subscription.totalCount)}
            </span>
          </div>
        </div>
        {collection.description ? <ExpandableText text={collection.description} /> : null}
        <dl className={styles.stats} data-testid="collection-stats">
          <div>
            <dt>Floor</dt>
            <dd>
              {stats.floorPriceInCents === null ? '—' : <Price {...centsPrice(stats.floorPriceInCents)} />}
            </dd>
          </div>
          <div>
            <dt>Listed</dt>
            <dd>{formatCount(stats.listedCount)}</dd>
          </div>
          <div>
            <dt>Items</dt>
            <dd>{formatCount(stats.mintedEditions)}</dd>
          </div>
          <div>
            <dt>Owners</dt>
            <dd>{formatCount(stats.owners)}</dd>
          </div>
          <div>
            <dt>Volume</dt>
            <dd>
              <Price {...centsPrice(stats.volumeInCents)} />
            </dd>
          </div>
          <div>
            <dt>Last sale</dt>
            <dd>{stats.lastSaleAt ? formatRelative(stats.lastSaleAt) : '—'}</dd>
          </div>
        </dl>
      </div>
    </header>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { collectionStatus, isDroppingThisWeek, resizedImageUrl, statusLabel } from '@vitrine/domain';
import { useState } from 'react';
import { mediaUrl } from '../../app/config';
import { serverNow } from '../../lib/server-clock';
import { Countdown } from '../../ui/Countdown';
import { Link } from '../../ui/Link';
import { Price } from '../../ui/Price';
import { dropSoldOutLabel } from '../drops/sale-card';
import styles from './DropCard.module.css';
import { DropCover } from './DropCover';
import { DropStatusBadge } from './DropStatusBadge';
import { DropTypeBadge } from './DropTypeBadge';
import type { Drop } from './drop-types';
import { lowestPriceCents } from './lowest-price';
import { dropsKeys } from './query-keys';

const MAX_ARTISTS_SHOWN = 3;

export function dropPath(drop: Pick<Drop, 'slug'>): string {
  return `/collections/${encodeURIComponent(drop.slug)}`;
}

/**
 * A drop on the home page: cover, title, publisher, artists, drop type, and its status
 * ('Live' badge with 'Ends in', or 'Starts in' before start), with the lowest price. A card of the first row
 * (`priority`) loads its cover eagerly.
 */
export function DropCard({ drop, priority = false }: { drop: Drop; priority?: boolean }) {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => serverNow());
  const status = collectionStatus(drop.startDate, drop.endDate, now) ?? drop.status;
  const label = statusLabel(status);
  const target = status === 'upcoming' ? drop.startDate : status === 'live' ? drop.endDate : null;
  // A live drop whose every work is sold out reads 'Sold Out' (001 §4), not its countdown and price.
  const soldOut = status === 'live' ? dropSoldOutLabel(drop.cards ?? [], now) : null;
  const lowest = soldOut ? null : lowestPriceCents(drop);
  const artists = drop.artists ?? [];
  const shownArtists = artists.slice(0, MAX_ARTISTS_SHOWN);
  const moreArtists = artists.length - shownArtists.length;

  // At zero an upcoming drop becomes live and a live drop ends (001 §4): show it, then refresh the lists.
  const onCountdownComplete = () => {
    setNow(serverNow());
    void queryClient.invalidateQueries({ queryKey: dropsKeys.all() });
  };

  return (
    <article className={styles.card} data-testid="drop-card" data-drop-slug={drop.slug} data-status={status}>
      <div className={styles.cover}>
        <DropCover asset={drop.coverAsset} title={drop.title} priority={priority} />
        <div className={styles.overlay}>
          <DropStatusBadge
            status={soldOut ? null : status}
            droppingThisWeek={isDroppingThisWeek(drop.startDate, now)}
          />
        </div>
      </div>
      <div className={styles.body}>
        <div className={styles.meta}>
          <DropTypeBadge dropType={drop.dropType} />
        </div>
        <h3 className={styles.title}>
          <Link to={dropPath(drop)} className={styles.titleLink} data-testid="drop-card-title">
            {drop.title}
          </Link>
        </h3>
        <div className={styles.people}>
          <div className={styles.publisher} data-testid="drop-card-publisher">
            {drop.publisher.profilePicUrl ? (
              <img
                className={styles.avatar}
                src={mediaUrl(resizedImageUrl(drop.publisher.profilePicUrl, 'thumb'))}
                alt=""
                width={22}
                height={22}
                loading="lazy"
              />
            ) : null}
            <span>
              by{' '}
              <Link to={`/${encodeURIComponent(drop.publisher.slug)}`} className={styles.innerLink}>
                {drop.publisher.name}
              </Link>
            </span>
          </div>
          {/* Always there (empty without artists): a card's height does not depend on its data. */}
          <p
            className={styles.artists}
            data-testid={shownArtists.length > 0 ? 'drop-card-artists' : undefined}
          >
            {shownArtists.map((artist, index) => (
              <span key={artist.id}>
                {index > 0 ? ', ' : null}
                <Link to={`/profile/${encodeURIComponent(artist.userName)}`} className={styles.innerLink}>
                  {artist.name}
                </Link>
              </span>
            ))}
            {moreArtists > 0 ? ` +${moreArtists} more` : null}
          </p>
        </div>
        <div className={styles.footer}>
          {/* A phone hides the countdown (the badge says Live or Upcoming), not a sold-out drop's word: its badge is
              gone, and the card said nothing (QA 2026-12-07). */}
          <div
            className={soldOut ? `${styles.timer} ${styles.soldOutStatus}` : styles.timer}
            data-testid="drop-status"
          >
            {soldOut ? (
              <span data-testid="drop-sold-out">{soldOut}</span>
            ) : label && target ? (
              <Countdown to={target} label={label} onComplete={onCountdownComplete} />
            ) : (
              <span>{label}</span>
            )}
          </div>
          <div className={styles.price}>
            {lowest !== null ? (
              <>
                <span className={styles.priceLabel}>From</span>
                {lowest === 0 ? (
                  <strong>FREE</strong>
                ) : (
                  <Price amount={lowest} currency="USD" convertFromCents />
                )}
              </>
            ) : null}
          </div>
        </div>
      </div>
    </article>
  );
}

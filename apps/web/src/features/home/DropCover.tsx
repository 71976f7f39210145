import { IMAGE_RESIZE_WIDTHS, IMAGE_WIDTHS, resizedImageUrl } from '@vitrine/domain';
import { useState } from 'react';
import { mediaUrl } from '../../app/config';
import { BROKEN_ASSET_ALT, PLACEHOLDER_IMAGE_SRC } from '../../lib/placeholder-image';
import styles from './DropCover.module.css';
import type { Asset } from './drop-types';

export const COVER_WIDTH = IMAGE_WIDTHS.medium;
export const COVER_HEIGHT = (IMAGE_WIDTHS.medium * 3) / 4;

/** Widths offered to the browser: a card is at most about 500 px wide, twice that on a dense screen. */
const SRCSET_WIDTHS = IMAGE_RESIZE_WIDTHS.filter(
  (width) => width >= IMAGE_WIDTHS.thumb && width <= IMAGE_WIDTHS.medium2,
);
/** How wide a card shows: the whole phone, half or a third of the page, at most 420 px. */
const COVER_SIZES = '(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 420px';

export interface DropCoverProps {
  asset: Asset | null;
  title: string;
  /** Above the fold (the first row): loads eagerly and first, as the page's largest paint. */
  priority?: boolean;
  className?: string;
}

/** A drop's cover artwork: an image (alt = the drop title, lazy unless `priority`) or a muted video that plays on hover. */
export function DropCover({ asset, title, priority = false, className }: DropCoverProps) {
  const [broken, setBroken] = useState(false);
  const classes = [styles.media, className].filter(Boolean).join(' ');

  if (!asset || broken) {
    return (
      <img
        className={classes}
        src={PLACEHOLDER_IMAGE_SRC}
        alt={asset ? BROKEN_ASSET_ALT : title}
        width={COVER_WIDTH}
        height={COVER_HEIGHT}
      />
    );
  }

  if (asset.type === 'Video') {
    return (
      <video
        className={classes}
        src={mediaUrl(asset.src)}
        aria-label={title}
        width={COVER_WIDTH}
        height={COVER_HEIGHT}
        muted
        loop
        playsInline
        preload="metadata"
        onMouseEnter={(event) => void event.currentTarget.play().catch(() => undefined)}
        onMouseLeave={(event) => event.currentTarget.pause()}
        onError={() => setBroken(true)}
      />
    );
  }

  // Through the resizing route (WebP, decoded off the main thread), not the stored original: a vector
  // original is a document of its own to lay out and paint on the main thread at every size (issue #13).
  const resizable = resizedImageUrl(asset.src, 'thumb') !== asset.src;
  return (
    <img
      className={classes}
      src={mediaUrl(resizable ? resizedImageUrl(asset.src, 'medium') : asset.src)}
      srcSet={
        resizable
          ? SRCSET_WIDTHS.map((width) => `${mediaUrl(resizedImageUrl(asset.src, width))} ${width}w`).join(
              ', ',
            )
          : undefined
      }
      sizes={resizable ? COVER_SIZES : undefined}
      alt={title}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

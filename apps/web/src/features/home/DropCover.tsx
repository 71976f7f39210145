import { IMAGE_WIDTHS } from '@vitrine/domain';
import { useState } from 'react';
import { mediaUrl } from '../../app/config';
import { BROKEN_ASSET_ALT, PLACEHOLDER_IMAGE_SRC } from '../../lib/placeholder-image';
import styles from './DropCover.module.css';
import type { Asset } from './drop-types';

export const COVER_WIDTH = IMAGE_WIDTHS.medium;
export const COVER_HEIGHT = (IMAGE_WIDTHS.medium * 3) / 4;

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

  return (
    <img
      className={classes}
      src={mediaUrl(asset.src)}
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

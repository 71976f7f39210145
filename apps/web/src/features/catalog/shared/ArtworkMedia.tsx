import { useRef, useState } from 'react';
import { mediaUrl } from '../../../app/config';
import { BROKEN_ASSET_ALT, PLACEHOLDER_IMAGE_SRC } from '../../../lib/placeholder-image';
import type { Asset } from '../catalog-types';
import { ArtworkImage } from './ArtworkImage';
import styles from './ArtworkMedia.module.css';

export interface ArtworkMediaProps {
  asset: Asset | null;
  /** Accessible name when the asset carries no alt text. */
  title: string;
  sizes: string;
  priority?: boolean;
  fit?: 'cover' | 'contain';
  /** Videos play while hovered (001 §2 "hover plays video") unless they autoplay. */
  autoPlay?: boolean;
  className?: string;
}

const isVideo = (asset: Asset) => asset.type === 'Video';

/** An NFT's artwork: an image through the resizing route, or a muted looping video that plays on hover. */
export function ArtworkMedia({
  asset,
  title,
  sizes,
  priority,
  fit = 'cover',
  autoPlay = false,
  className,
}: ArtworkMediaProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [broken, setBroken] = useState(false);
  const classes = [styles.media, className].filter(Boolean).join(' ');

  if (!asset || broken) {
    return (
      <span className={classes}>
        <img className={styles.placeholder} src={PLACEHOLDER_IMAGE_SRC} alt={BROKEN_ASSET_ALT} />
      </span>
    );
  }

  if (isVideo(asset)) {
    return (
      <span
        className={classes}
        onPointerEnter={() => void videoRef.current?.play().catch(() => undefined)}
        onPointerLeave={() => {
          if (!autoPlay) videoRef.current?.pause();
        }}
      >
        <video
          ref={videoRef}
          className={`${styles.video} ${styles[fit]}`}
          src={mediaUrl(asset.src)}
          aria-label={asset.alt || title}
          muted
          loop
          playsInline
          autoPlay={autoPlay}
          preload="metadata"
          onError={() => setBroken(true)}
          data-testid="artwork-video"
        />
      </span>
    );
  }

  return (
    <ArtworkImage
      src={asset.src}
      alt={asset.alt || title}
      sizes={sizes}
      priority={priority}
      fit={fit}
      className={classes}
    />
  );
}

import { IMAGE_RESIZE_WIDTHS, IMAGE_WIDTHS, resizedImageUrl } from '@vitrine/domain';
import { useState } from 'react';
import { mediaUrl } from '../../../app/config';
import { PLACEHOLDER_IMAGE_SRC } from '../../../lib/placeholder-image';
import styles from './ArtworkImage.module.css';

/** 001 §8: the alt text of an image that failed to load. */
export const IMAGE_ERROR_ALT = 'Error loading image';

const SRCSET_WIDTHS = IMAGE_RESIZE_WIDTHS.filter((width) => width >= IMAGE_WIDTHS.thumb);

export interface ArtworkImageProps {
  /** A stored media path (`/api/media/…`) or an external URL. */
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image shows at each viewport width. */
  sizes: string;
  /** Above-the-fold images load eagerly. */
  priority?: boolean;
  /** 'cover' crops to the box; 'contain' shows the whole artwork. */
  fit?: 'cover' | 'contain';
  className?: string;
}

/**
 * An image through the resizing route (004 §6): a srcset of 500, 800, 1200 and 1600 px and a 20-px blurred
 * placeholder behind it until it loads (001 §9). Sources that are not our media load as they are.
 */
export function ArtworkImage({
  src,
  alt,
  sizes,
  priority = false,
  fit = 'cover',
  className,
}: ArtworkImageProps) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const resizable = resizedImageUrl(src, 'thumb') !== src;
  const blur = resizable ? mediaUrl(resizedImageUrl(src, 'blur')) : null;
  const classes = [styles.frame, className].filter(Boolean).join(' ');

  if (failed) {
    return (
      <span className={classes}>
        <img
          className={`${styles.image} ${styles.cover} ${styles.visible}`}
          src={PLACEHOLDER_IMAGE_SRC}
          alt={IMAGE_ERROR_ALT}
        />
      </span>
    );
  }

  return (
    <span
      className={classes}
      style={blur && !loaded ? { backgroundImage: `url("${blur}")` } : undefined}
      data-loaded={loaded || undefined}
    >
      <img
        className={`${styles.image} ${styles[fit]}`}
        src={mediaUrl(resizable ? resizedImageUrl(src, 'medium') : src)}
        srcSet={
          resizable
            ? SRCSET_WIDTHS.map((width) => `${mediaUrl(resizedImageUrl(src, width))} ${width}w`).join(', ')
            : undefined
        }
        sizes={resizable ? sizes : undefined}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onLoad={() => setLoaded(true)}
        onError={() => setFailed(true)}
      />
    </span>
  );
}

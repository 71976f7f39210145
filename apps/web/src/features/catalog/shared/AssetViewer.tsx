import { useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { mediaUrl } from '../../../app/config';
import type { Asset } from '../catalog-types';
import { ArtworkMedia } from './ArtworkMedia';
import styles from './AssetViewer.module.css';
import { downloadFileName } from './download-name';

export interface AssetViewerProps {
  asset: Asset;
  title: string;
  onClose: () => void;
  /** The owner of the NFT may download the full-size asset (000 §6). */
  downloadable?: boolean;
}

export function AssetViewer({ asset, title, onClose, downloadable = false }: AssetViewerProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Before the viewer is painted, not after: a key pressed as soon as it shows (Escape) reaches its listener. With
  // an effect, a loaded machine painted the viewer, took the key, and only then listened (a browser test saw it).
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label={`${title}, full screen`}
      data-testid="asset-viewer"
    >
      <ArtworkMedia
        asset={asset}
        title={title}
        sizes="100vw"
        fit="contain"
        autoPlay
        priority
        className={styles.media}
      />
      <p className={styles.caption}>{title}</p>
      {downloadable ? (
        <a
          className={styles.download}
          href={mediaUrl(asset.src)}
          download={downloadFileName(title, asset.src)}
          data-testid="asset-download"
        >
          Download
        </a>
      ) : null}
      <button
        ref={closeRef}
        type="button"
        className={styles.close}
        onClick={onClose}
        aria-label="Close full screen"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>,
    document.body,
  );
}

import { collectionPath, formatCount, isUnlimitedEdition } from '@vitrine/domain';
import { Link } from '../../../ui/Link';
import { Price } from '../../../ui/Price';
import type { CollectionNifty } from '../catalog-types';
import { ArtworkMedia } from '../shared/ArtworkMedia';
import { centsPrice } from '../shared/price-props';
import styles from './NiftyStrip.module.css';

export interface NiftyStripProps {
  contractAddress: string;
  nifties: readonly CollectionNifty[];
  /** The nifty being shown, if any. */
  current?: number;
}

/**
 * The works of a collection, each linking to /marketplace/collection/{contractAddress}/{type}: another page,
 * so it opens at its top.
 */
export function NiftyStrip({ contractAddress, nifties, current }: NiftyStripProps) {
  if (nifties.length === 0) return null;
  return (
    <ul className={styles.strip} data-testid="nifty-strip">
      {nifties.map((nifty) => (
        <li key={nifty.typeNumber}>
          <Link
            to={collectionPath(contractAddress, nifty.typeNumber)}
            className={styles.card}
            aria-current={current === nifty.typeNumber ? 'page' : undefined}
          >
            <span className={styles.media}>
              <ArtworkMedia asset={nifty.asset} title={nifty.title} sizes="200px" />
            </span>
            <span className={styles.title}>{nifty.title}</span>
            <span className={styles.meta}>
              {/* An open edition's editions are minted after purchasing closes (000 §4): until then, sold (as the
                  work's page says; QA 2026-12-07: the tile said 'minted'). */}
              {isUnlimitedEdition(nifty.editionSize)
                ? `${formatCount(nifty.totalSold)} sold`
                : `${formatCount(nifty.totalSold)} / ${formatCount(nifty.editionSize)} minted`}
            </span>
            <span className={styles.meta}>
              {nifty.floorPriceInCents === null ? (
                'Not listed'
              ) : (
                <>
                  Floor <Price {...centsPrice(nifty.floorPriceInCents)} />
                </>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

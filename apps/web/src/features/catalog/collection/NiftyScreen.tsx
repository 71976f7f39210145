import { useQuery } from '@tanstack/react-query';
import { collectionPath, formatCount, isAuctionSaleType, isUnlimitedEdition } from '@vitrine/domain';
import { isApiError } from '../../../app/api-client';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { DocumentTitle } from '../../../ui/DocumentTitle';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Link } from '../../../ui/Link';
import { Price } from '../../../ui/Price';
import { NiftyAuction } from '../../bids/NiftyAuction';
import { useLiveSold } from '../../live/useLiveSold';
import { NiftyTypeOffers } from '../../offers/NiftyTypeOffers';
import { LikeButton } from '../../social/LikeButton';
import { collectionNiftyQuery } from '../catalog-queries';
import { ArtworkMedia } from '../shared/ArtworkMedia';
import { CreatorLinks } from '../shared/CreatorLinks';
import { ExpandableText } from '../shared/ExpandableText';
import { centsPrice } from '../shared/price-props';
import screen from './CollectionScreen.module.css';
import { CollectionSkeleton } from './CollectionSkeleton';
import { ListingTable } from './ListingTable';
import { NiftySale } from './NiftySale';
import styles from './NiftyScreen.module.css';
import { NiftyStrip } from './NiftyStrip';

/** One work of a collection (/marketplace/collection/{contractAddress}/{type}) and its editions. */
export function NiftyScreen({ collectionKey, typeNumber }: { collectionKey: string; typeNumber: number }) {
  const signedIn = useLoggedIn();
  const niftyQuery = collectionNiftyQuery(collectionKey, typeNumber, signedIn);
  const query = useQuery(niftyQuery);
  // Sold counts move live (issue 15).
  useLiveSold(niftyQuery.queryKey, query.data?.collection.contractAddress ?? null, typeNumber);
  // Gone: not found, even over what was shown.
  if (query.isError && isApiError(query.error) && query.error.statusCode === 404) return <NotFoundPage />;
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (query.data === undefined) {
    if (!query.isError) return <CollectionSkeleton />;
    return (
      <div className={`page-container ${screen.page}`}>
        <ErrorFallback
          title="We couldn't load this work."
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  const { collection, nifty } = query.data;
  return (
    <div className={`page-container ${screen.page}`} data-testid="nifty-page">
      <DocumentTitle title={`${nifty.title} · ${collection.title} · Vitrine`} />
      <Link to={collectionPath(collection.slug)} className={screen.back}>
        ← {collection.title}
      </Link>
      <div className={styles.hero}>
        <div className={styles.media}>
          <ArtworkMedia
            asset={nifty.asset}
            title={nifty.title}
            sizes="(max-width: 959px) 100vw, 40vw"
            fit="contain"
            priority
          />
        </div>
        <div className={styles.info}>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{nifty.title}</h1>
            <LikeButton
              target={{
                kind: 'edition',
                contractAddress: collection.contractAddress,
                typeNumber: nifty.typeNumber,
              }}
              likes={nifty.likes}
              variant="inline"
            />
          </div>
          <CreatorLinks creators={collection.creators} />
          <dl className={styles.stats}>
            <div>
              <dt>Edition size</dt>
              <dd>{isUnlimitedEdition(nifty.editionSize) ? 'Open' : formatCount(nifty.editionSize)}</dd>
            </div>
            <div>
              {/* An open edition's editions are minted after purchasing closes (000 §4): until then, sold. */}
              <dt>{isUnlimitedEdition(nifty.editionSize) ? 'Sold' : 'Minted'}</dt>
              <dd data-testid="nifty-minted">{formatCount(nifty.totalSold)}</dd>
            </div>
            <div>
              <dt>Listed</dt>
              <dd>{formatCount(nifty.listedCount)}</dd>
            </div>
            <div>
              <dt>Floor</dt>
              <dd>
                {nifty.floorPriceInCents === null ? '—' : <Price {...centsPrice(nifty.floorPriceInCents)} />}
              </dd>
            </div>
            <div>
              <dt>Royalty</dt>
              <dd>{nifty.royaltyPercentage}%</dd>
            </div>
          </dl>
          {isAuctionSaleType(nifty.saleType) ? null : (
            <NiftySale
              dropType={collection.drop?.dropType ?? null}
              contractAddress={collection.contractAddress}
              niftyType={nifty.typeNumber}
              startTime={nifty.startTime}
              endTime={nifty.endTime}
              saleType={nifty.saleType}
              priceInCents={nifty.priceInCents}
              editionSize={nifty.editionSize}
              totalSold={nifty.totalSold}
              totalReserved={nifty.totalReserved}
              totalBurnt={nifty.totalBurnt}
            />
          )}
          {isAuctionSaleType(nifty.saleType) ? (
            <NiftyAuction
              contractAddress={collection.contractAddress}
              niftyType={nifty.typeNumber}
              saleType={nifty.saleType}
              editionSize={nifty.editionSize}
              totalSold={nifty.totalSold}
              totalReserved={nifty.totalReserved}
              totalBurnt={nifty.totalBurnt}
            />
          ) : null}
          {nifty.description ? <ExpandableText text={nifty.description} /> : null}
        </div>
      </div>
      <section className={screen.section} aria-label="Editions">
        <h2 className={screen.heading}>Editions</h2>
        <ListingTable collectionKey={collection.contractAddress} typeNumber={nifty.typeNumber} />
      </section>
      <section className={screen.section} aria-label="Global offers" data-testid="nifty-offers">
        <h2 className={screen.heading}>Global offers</h2>
        <NiftyTypeOffers contractAddress={collection.contractAddress} typeNumber={nifty.typeNumber} />
      </section>
      <section className={screen.section} aria-label="More from this collection">
        <h2 className={screen.heading}>More from {collection.title}</h2>
        <NiftyStrip
          contractAddress={collection.contractAddress}
          nifties={collection.nifties}
          current={nifty.typeNumber}
        />
      </section>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import {
  collectionPath,
  formatInteger,
  formatRarityPercent,
  isUnlimitedEdition,
  makeGlobalOfferPath,
  shortenAddress,
} from '@vitrine/domain';
import { useState } from 'react';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { ButtonLink } from '../../../ui/ButtonLink';
import { DocumentTitle } from '../../../ui/DocumentTitle';
import { Link } from '../../../ui/Link';
import { Price } from '../../../ui/Price';
import { useProfile } from '../../auth/profile-query';
import { useLiveToken } from '../../live/useLiveToken';
import { AcceptingOffersToggle } from '../../offers/AcceptingOffersToggle';
import { HighestOffer, ItemOffersPanel } from '../../offers/ItemOffersPanel';
import { MakeOfferButton } from '../../offers/MakeOfferButton';
import { FollowButton } from '../../social/FollowButton';
import { LikeButton } from '../../social/LikeButton';
import { BuyNowButton, ListingCheckoutModal } from '../../trading/BuyNowButton';
import { EditionPanel, editionQuery } from '../../trading/EditionPanel';
import { ListingControls } from '../../trading/ListingControls';
import type { ItemDetail } from '../catalog-types';
import { ArtworkMedia } from '../shared/ArtworkMedia';
import { AssetViewer } from '../shared/AssetViewer';
import { CreatorLinks } from '../shared/CreatorLinks';
import { ListingPrice } from '../shared/ListingPrice';
import { NftBadge } from '../shared/NftBadge';
import { ItemListings } from './ItemListings';
import styles from './ItemView.module.css';
import { Panel } from './Panel';
import { PriceHistoryChart } from './PriceHistoryChart';
import { SaleHistory } from './SaleHistory';
import { UserCell } from './UserCell';

/** An item: artwork, owner, price and listing, details, listings, offers, price history and sale history. */
export function ItemView({ item }: { item: ItemDetail }) {
  const signedIn = useLoggedIn();
  const profile = useProfile();
  // The profile read while signed in stays in the cache after the session ends: signed out, nobody owns anything
  // here (QA 2026-12-07: the owner's controls stayed on the page of a visitor whose session had ended).
  const viewerId = signedIn ? (profile.data?.id ?? null) : null;
  // Until a signed-in viewer's profile answers, whether they own the item is unknown: neither the
  // owner's controls nor Buy Now show yet.
  const viewerKnown = !signedIn || !profile.isPending;
  const [viewerOpen, setViewerOpen] = useState(false);
  const [checkoutPiid, setCheckoutPiid] = useState<number | null>(null);
  const { token, collection, nifty } = item;
  const viewerOwns = viewerId !== null && item.owner?.id === viewerId;
  // Sold, relisted or moved by someone else while open: read again (not a stale Buy Now).
  useLiveToken(collection.contractAddress, nifty.typeNumber, token.tokenId);
  // The edition panel's read (one request for both): an opened pack is no longer sold or offered on.
  const editionInfo = useQuery(editionQuery(token.contractAddress, token.tokenId));
  const openedPack = editionInfo.data?.kind === 'pack' && editionInfo.data.opened === true;
  // A USD listing's price; an ETH listing is charged at the rate of the moment of Buy Now.
  const buyNowCents = item.listing?.baseListingPrice.currency === 'USD' ? item.listing.priceInCents : null;
  const edition = isUnlimitedEdition(nifty.editionSize)
    ? `#${token.editionNumber}`
    : `#${token.editionNumber} of ${formatInteger(nifty.editionSize)}`;

  return (
    <div className={`page-container ${styles.page}`} data-testid="item-page">
      <DocumentTitle title={`${token.name} · ${collection.name} · Vitrine`} />
      <div className={styles.hero}>
        <div className={styles.mediaColumn}>
          <div className={styles.media}>
            <ArtworkMedia
              asset={token.asset}
              title={token.name}
              sizes="(max-width: 959px) 100vw, 50vw"
              fit="contain"
              priority
            />
            <button
              type="button"
              className={styles.expand}
              onClick={() => setViewerOpen(true)}
              aria-label="View full screen"
              data-testid="item-expand"
            >
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
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
        <div className={styles.info}>
          <div className={styles.collectionRow}>
            <Link
              to={collectionPath(collection.slug)}
              className={styles.collection}
              data-testid="item-collection"
            >
              {collection.name}
            </Link>
            <FollowButton
              target={{ kind: 'contract', contractAddress: collection.contractAddress }}
              subscription={item.subscription}
              size="sm"
              quiet
              name={collection.name}
            />
          </div>
          <h1 className={styles.title}>{token.name}</h1>
          <CreatorLinks creators={collection.creators.length > 0 ? collection.creators : token.creators} />
          <div className={styles.meta}>
            <span className={styles.owner} data-testid="item-owner">
              Owned by{' '}
              {item.owner ? (
                <UserCell user={item.owner} />
              ) : item.externalOwner ? (
                <span title={item.externalOwner}>{shortenAddress(item.externalOwner)}</span>
              ) : (
                <UserCell user={null} />
              )}
            </span>
            {token.badge ? <NftBadge badge={token.badge} /> : null}
            <LikeButton
              target={{ kind: 'token', contractAddress: token.contractAddress, tokenId: token.tokenId }}
              likes={item.likes}
              variant="inline"
            />
          </div>
          <div className={styles.priceCard} data-testid="item-price">
            {item.listing ? (
              <>
                <span className={styles.priceLabel}>
                  {item.listing.listingDiscount ? 'Discounted price' : 'List price'}
                </span>
                <ListingPrice listing={item.listing} className={styles.price} />
                <span className={styles.priceNote}>
                  Listed by {item.listing.seller?.displayName ?? 'the owner'}
                </span>
              </>
            ) : (
              <>
                <span className={styles.priceLabel}>Price</span>
                <span className={styles.price}>Not listed</span>
                {token.floorPriceInCents === null ? null : (
                  <span className={styles.priceNote}>
                    Floor of this edition:{' '}
                    <Price amount={token.floorPriceInCents} currency="USD" convertFromCents />
                  </span>
                )}
              </>
            )}
            <HighestOffer contractAddress={token.contractAddress} tokenId={token.tokenId} />
            <div className={styles.priceActions}>
              {openedPack ? (
                // An opened pack is not sold (the API refuses it: 'This pack has already been opened'); its contents
                // are (QA 2026-12-07: the page offered List for sale and offers on it).
                viewerOwns ? (
                  <p className={styles.priceNote} data-testid="opened-pack-note">
                    An opened pack is not for sale: what it held is in your collection.
                  </p>
                ) : null
              ) : viewerOwns ? (
                <ListingControls
                  contractAddress={token.contractAddress}
                  tokenId={token.tokenId}
                  listing={item.listing}
                />
              ) : item.listing && viewerKnown ? (
                <BuyNowButton
                  listingId={item.listing.id}
                  contractAddress={token.contractAddress}
                  tokenId={token.tokenId}
                  onOpenModal={setCheckoutPiid}
                />
              ) : null}
              <ListingCheckoutModal
                contractAddress={token.contractAddress}
                tokenId={token.tokenId}
                piid={checkoutPiid}
                onClose={() => setCheckoutPiid(null)}
              />
              {!viewerOwns && viewerKnown && !openedPack ? (
                <MakeOfferButton
                  target={{ type: 'offer', contractAddress: token.contractAddress, tokenId: token.tokenId }}
                  buyNowCents={buyNowCents}
                  floorCents={token.floorPriceInCents}
                  closed={!token.isAcceptingOffers}
                />
              ) : null}
              <ButtonLink
                to={makeGlobalOfferPath(token.contractAddress, token.typeNumber)}
                variant="secondary"
                size="lg"
                data-testid="item-global-offer"
              >
                Make Global Offer
              </ButtonLink>
            </div>
            {viewerOwns && !openedPack ? (
              <div className={styles.offersSwitch}>
                <AcceptingOffersToggle
                  // One NFT's switch: what it saved never shows on the next item page.
                  key={`${token.contractAddress}/${token.tokenId}`}
                  contractAddress={token.contractAddress}
                  tokenId={token.tokenId}
                  accepting={token.isAcceptingOffers}
                />
              </div>
            ) : null}
          </div>
          <EditionPanel
            contractAddress={token.contractAddress}
            tokenId={token.tokenId}
            listed={item.listing !== null}
          />
          <dl className={styles.details} data-testid="item-details">
            <div>
              <dt>Edition</dt>
              <dd>{edition}</dd>
            </div>
            {token.rarity !== null ? (
              <div>
                <dt>Rarity</dt>
                <dd>{formatRarityPercent(token.rarity)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Royalty</dt>
              <dd>{nifty.royaltyPercentage}%</dd>
            </div>
            <div>
              <dt>Chain</dt>
              <dd className={styles.capitalize}>{collection.chain}</dd>
            </div>
            <div>
              <dt>Contract</dt>
              <dd title={collection.contractAddress}>{shortenAddress(collection.contractAddress)}</dd>
            </div>
            <div>
              <dt>Token ID</dt>
              <dd className={styles.mono}>{token.tokenId}</dd>
            </div>
          </dl>
          {nifty.tags.length > 0 ? (
            <ul className={styles.tags} aria-label="Tags">
              {nifty.tags.map((tag) => (
                <li key={tag}>
                  <Link to={`/explore/nfts?tags%5B${encodeURIComponent(tag)}%5D=true`} className={styles.tag}>
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {item.description ? <p className={styles.description}>{item.description}</p> : null}
        </div>
      </div>
      <div className={styles.sections}>
        <Panel title="Price history" testId="item-price-history" className={styles.wide}>
          <PriceHistoryChart points={item.priceHistory} />
        </Panel>
        {/* No count beside it: the item's answer carries the first few listings only (ITEM_OTHER_LISTINGS). */}
        <Panel title="Other editions for sale">
          <ItemListings listings={item.listings} contractAddress={token.contractAddress} />
        </Panel>
        <Panel title="Offers">
          <ItemOffersPanel
            contractAddress={token.contractAddress}
            tokenId={token.tokenId}
            viewerId={viewerId}
            viewerOwns={viewerOwns}
            buyNowCents={viewerOwns ? null : buyNowCents}
          />
        </Panel>
        <Panel title="Sale history" testId="item-sale-history" className={styles.wide}>
          <SaleHistory sales={item.saleHistory} />
        </Panel>
      </div>
      {viewerOpen ? (
        <AssetViewer
          asset={token.asset}
          title={token.name}
          onClose={() => setViewerOpen(false)}
          downloadable={viewerOwns}
        />
      ) : null}
    </div>
  );
}

import { type DropType, isAuctionSaleType, NIFTY_TYPE_OF_DROP, SALE_TYPE_OF_DROP } from '@vitrine/domain';
import { DropSaleCard } from '../drops/DropSaleCard';
import type { SaleCard } from '../drops/sale-card';
import styles from './Studio.module.css';
import { type DropForm, fromLocalInput, listOf, type NftForm } from './studio-model';

/** A draft has no contract yet: the preview's cards use the zero address (001 §9 "zero address placeholder"). */
const NO_CONTRACT = '0x0000000000000000000000000000000000000000';

const cents = (text: string) => {
  const n = Number(text);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};

/** The sale card a collector will see for an NFT of the editor. */
export function previewCard(
  form: NftForm,
  index: number,
  drop: DropForm,
  publisher: { name: string; slug: string },
): SaleCard {
  const dropType = form.primarySaleType as DropType;
  const saleType = SALE_TYPE_OF_DROP[dropType] ?? 'standard';
  const auction = isAuctionSaleType(saleType);
  const start = fromLocalInput(form.startDateTime) ?? fromLocalInput(drop.visibleStartDateTime) ?? '';
  const end = fromLocalInput(form.endDateTime) ?? fromLocalInput(drop.visibleEndDateTime) ?? '';
  return {
    id: index + 1,
    contractAddress: NO_CONTRACT,
    niftyType: NIFTY_TYPE_OF_DROP[dropType] ?? 'edition',
    typeNumber: index + 1,
    asset: { src: form.asset, type: 'Image', alt: form.title },
    nifty: {
      isOnePurchasePerUser: form.limitPerUser === '1',
      name: form.title,
      niftyTotalBurnt: 0,
      niftyTotalNumOfEditions: Number(form.editionSize) || 1,
      niftyTotalReserved: 0,
      niftyTotalSold: 0,
    },
    saleType,
    saleDetails: {
      price: cents(auction ? form.minimumBid : form.price),
      highestBid: null,
      userEntriesUnused: null,
      userEntriesUsed: null,
      totalEntries: null,
    },
    startDate: start,
    endDate: end,
    burnRequired: false,
    isFreeRedemption: false,
    requiresValidation: false,
    tags: listOf(form.tags).map((name) => ({ name })),
    chain: drop.chain,
    artists: listOf(form.creators).map((name, i) => ({ id: i + 1, name, userName: name, iconUrl: null })),
    publisher,
  };
}

/**
 * The drop page as a collector will see it (001 §2 "preview"): cover, title, intro and the drop's sale cards,
 * drawn by the drop page's own card. Inert: nothing in it can be clicked.
 */
export function DropPreview({
  drop,
  nfts,
  publisher,
}: {
  drop: DropForm;
  nfts: readonly NftForm[];
  publisher: { name: string; slug: string };
}) {
  const first = nfts[0]?.primarySaleType ?? 'fcfs';
  return (
    <section className={styles.preview} aria-label="Preview of the drop page" data-testid="drop-preview">
      <div inert>
        {drop.coverAsset ? (
          <img className={styles.previewCover} src={drop.coverAsset} alt={drop.title} />
        ) : null}
        <h2>{drop.title}</h2>
        {drop.introText ? <p>{drop.introText}</p> : null}
        <div className={styles.previewCards}>
          {nfts.map((nft, index) => (
            <DropSaleCard
              // biome-ignore lint/suspicious/noArrayIndexKey: the preview's cards are positions in the list.
              key={index}
              card={previewCard(nft, index, drop, publisher)}
              dropType={first}
              signedIn
              eligibility={undefined}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

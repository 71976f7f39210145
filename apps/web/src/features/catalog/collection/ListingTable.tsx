import { useQuery } from '@tanstack/react-query';
import {
  countText,
  formatCents,
  formatInteger,
  formatRarityPercent,
  itemPath,
  shortenAddress,
  TABLE_DEFAULT_ROWS,
} from '@vitrine/domain';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { latestSearchParams } from '../../../lib/latest-search-params';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Checkbox } from '../../../ui/Checkbox';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Link } from '../../../ui/Link';
import { Pagination } from '../../../ui/Pagination';
import { Price } from '../../../ui/Price';
import { Skeleton } from '../../../ui/Skeleton';
import { useLastPageInstead } from '../../../ui/useLastPageInstead';
import { useRefocusWhenReplaced } from '../../../ui/useRefocusWhenReplaced';
import { useProfile } from '../../auth/profile-query';
import { CancelDialog, PriceDialog } from '../../trading/ListingControls';
import { collectionTokensQuery } from '../catalog-queries';
import type { TableNifty } from '../catalog-types';
import { ArtworkImage } from '../shared/ArtworkImage';
import { ListingPrice } from '../shared/ListingPrice';
import { NumberRangePanel } from '../shared/NumberRangePanel';
import { PersonLink } from '../shared/PersonLink';
import { centsPrice, listedPrices } from '../shared/price-props';
import { formatDateTime, formatRelative } from '../shared/time-format';
import { DateRangePanel } from './DateRangePanel';
import { isoToTableDate } from './date-input';
import { FilterPopover } from './FilterPopover';
import styles from './ListingTable.module.css';
import {
  type ListingTableState,
  listingTableApiQuery,
  type NumberRange,
  nextSort,
  parseListingTableParams,
  serializeListingTableParams,
} from './listing-table-params';

export interface ListingTableProps {
  /** The collection's slug or contract address. */
  collectionKey: string;
  /** Only this nifty (the {type} of /marketplace/collection/{contractAddress}/{type}). */
  typeNumber?: number;
}

type SortColumn = 'edition' | 'rarity' | 'last_sale' | 'last_sale_at' | 'list_price';

function rangeSummary(range: NumberRange, format: (n: number) => string): string | null {
  if (range.min !== null && range.max !== null) return `${format(range.min)} - ${format(range.max)}`;
  if (range.min !== null) return `>= ${format(range.min)}`;
  if (range.max !== null) return `<= ${format(range.max)}`;
  return null;
}

/**
 * The collection listing table (001 §2): Edition, Rarity (when the collection has rarity), Owned by, Last
 * Sale, Last Sale Time, List Price and actions; sortable headers; numeric and date range filter panels;
 * 10 skeleton rows while loading; paginated. State lives in the page URL.
 */
export function ListingTable({ collectionKey, typeNumber }: ListingTableProps) {
  const [params, setParams] = useSearchParams();
  const state = parseListingTableParams(params);
  const query = useQuery(
    collectionTokensQuery(collectionKey, listingTableApiQuery(state, TABLE_DEFAULT_ROWS, typeNumber)),
  );
  const rows = query.data?.results ?? [];
  // The owner of a row lists it from here (000 §2, 001 §2) with the item page's list dialog.
  const viewer = useProfile().data?.profileUrl?.toLowerCase() ?? null;
  const [listing, setListing] = useState<TableNifty | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const cancelRow = useRef<HTMLTableRowElement | null>(null);
  const tableRef = useRef<HTMLTableElement | null>(null);
  // Cancelled, the row's Cancel listing is gone: the keyboard's place is the row's 'List for sale', or the table
  // when the row left it ('Listed only' on), not the page's start.
  const cancelledRowAction = () => {
    const row = cancelRow.current;
    if (row && !row.isConnected) {
      cancelRow.current = null;
      return tableRef.current;
    }
    // Only once the row shows it cancelled (not after 'Keep listing').
    if (!row || row.querySelector('[data-testid="table-cancel-listing"]')) return null;
    const action = row.querySelector<HTMLElement>('[data-testid="table-list-for-sale"]');
    // Once: a later read of the table does not move the focus there again.
    if (action) cancelRow.current = null;
    return action;
  };

  useRefocusWhenReplaced(query.dataUpdatedAt, cancelledRowAction);
  const showRarity = rows.some((row) => row.rarity !== null) || state.sort.endsWith('rarity');

  // Changes build on the address bar's latest query (see latestSearchParams).
  const latest = () => parseListingTableParams(latestSearchParams());
  const set = (change: (current: ListingTableState) => ListingTableState, options?: { replace?: boolean }) =>
    setParams(serializeListingTableParams(change(latest())), {
      preventScrollReset: true,
      replace: options?.replace ?? false,
    });
  // A page left empty (its rows sold, listed elsewhere or cancelled, with 'Listed only' on; an old link): the last
  // page, not 'No items match these filters.' while earlier pages have some.
  // Not from the last filter's answer, shown meanwhile (its page count is another list's).
  useLastPageInstead(state.page, query.isPlaceholderData ? null : (query.data?.total_pages ?? null), (last) =>
    set((current) => ({ ...current, page: last }), { replace: true }),
  );
  const filter = (patch: Partial<ListingTableState>) => set((current) => ({ ...current, ...patch, page: 1 }));
  const count = (n: number) => formatInteger(n);
  const dates = state.lastSaleAt;
  const dateSummary =
    dates.from || dates.to
      ? `${isoToTableDate(dates.from) || '…'} - ${isoToTableDate(dates.to) || '…'}`
      : null;

  const header = (column: SortColumn, label: string, className?: string) => {
    const direction =
      state.sort === column ? 'ascending' : state.sort === `-${column}` ? 'descending' : 'none';
    return (
      <th scope="col" className={className} aria-sort={direction}>
        <button
          type="button"
          className={styles.sort}
          onClick={() => set((current) => ({ ...current, sort: nextSort(current.sort, column), page: 1 }))}
          data-testid={`sort-${column}`}
        >
          {label}
          <span className={styles.arrow} aria-hidden="true">
            {direction === 'ascending' ? '↑' : direction === 'descending' ? '↓' : '↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className={styles.wrap} data-testid="listing-table">
      <div className={styles.toolbar}>
        <FilterPopover label="Edition" summary={rangeSummary(state.edition, count)} testId="filter-edition">
          {(close) => (
            <NumberRangePanel
              label="edition"
              value={state.edition}
              onApply={(edition) => {
                filter({ edition });
                close();
              }}
            />
          )}
        </FilterPopover>
        <FilterPopover
          label="List Price"
          summary={rangeSummary(state.price, formatCents)}
          testId="filter-list-price"
        >
          {(close) => (
            <NumberRangePanel
              label="list price"
              money
              value={state.price}
              onApply={(price) => {
                filter({ price });
                close();
              }}
            />
          )}
        </FilterPopover>
        <FilterPopover
          label="Last Sale"
          summary={rangeSummary(state.lastSale, formatCents)}
          testId="filter-last-sale"
        >
          {(close) => (
            <NumberRangePanel
              label="last sale"
              money
              value={state.lastSale}
              onApply={(lastSale) => {
                filter({ lastSale });
                close();
              }}
            />
          )}
        </FilterPopover>
        <FilterPopover label="Last Sale Time" summary={dateSummary} testId="filter-last-sale-time">
          {(close) => (
            <DateRangePanel
              label="Last sale"
              value={state.lastSaleAt}
              onApply={(lastSaleAt) => {
                filter({ lastSaleAt });
                close();
              }}
            />
          )}
        </FilterPopover>
        <Checkbox
          label="Listed only"
          checked={state.listed}
          onChange={() => set((current) => ({ ...current, listed: !current.listed, page: 1 }))}
          className={styles.listed}
        />
        <span className={styles.count} data-testid="table-count">
          {query.data ? countText(query.data.count, 'item') : '\u00a0'}
        </span>
      </div>
      {query.isError ? (
        <ErrorFallback
          title="We couldn't load the items."
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className={styles.scroll}>
          <table
            ref={tableRef}
            tabIndex={-1}
            aria-label="Editions"
            className={styles.table}
            aria-busy={query.isFetching || undefined}
          >
            <thead>
              <tr>
                {header('edition', 'Edition')}
                {showRarity ? header('rarity', 'Rarity') : null}
                <th scope="col" className={styles.owner}>
                  Owned by
                </th>
                {header('last_sale', 'Last Sale', styles.lastSale)}
                {header('last_sale_at', 'Last Sale Time', styles.lastSale)}
                {header('list_price', 'List Price')}
                <th scope="col" className={styles.actions}>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.isPending
                ? Array.from({ length: TABLE_DEFAULT_ROWS }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                    <tr key={index} data-testid="table-skeleton-row">
                      <td>
                        <span className={styles.edition}>
                          <Skeleton variant="rect" width={40} height={40} />
                          <Skeleton width={120} />
                        </span>
                      </td>
                      <td className={styles.owner}>
                        <Skeleton width={100} />
                      </td>
                      <td className={styles.lastSale}>
                        <Skeleton width={64} />
                      </td>
                      <td className={styles.lastSale}>
                        <Skeleton width={80} />
                      </td>
                      <td>
                        <Skeleton width={64} />
                      </td>
                      <td className={styles.actions} />
                    </tr>
                  ))
                : rows.map((row) => {
                    const href = itemPath(row.contractAddress, row.tokenId);
                    return (
                      <tr key={row.id} data-testid="table-row">
                        <td>
                          <Link to={href} className={styles.edition}>
                            <span className={styles.thumb}>
                              <ArtworkImage src={row.asset.src} alt="" sizes="40px" />
                            </span>
                            <span className={styles.editionText}>
                              <span className={styles.editionNumber}>#{row.editionNumber}</span>
                              <span className={styles.name}>{row.name}</span>
                            </span>
                          </Link>
                        </td>
                        {showRarity ? (
                          <td>{row.rarity === null ? '—' : formatRarityPercent(row.rarity)}</td>
                        ) : null}
                        <td className={styles.owner}>
                          {row.owner ? (
                            <PersonLink profileUrl={row.owner.username} className={styles.link}>
                              {row.owner.displayName}
                            </PersonLink>
                          ) : row.externalOwner ? (
                            <span title={row.externalOwner}>{shortenAddress(row.externalOwner)}</span>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td className={styles.lastSale}>
                          {row.lastSale ? <Price {...centsPrice(row.lastSale.amount)} /> : '—'}
                        </td>
                        <td
                          className={`${styles.lastSale} ${styles.muted}`}
                          title={row.lastSale ? formatDateTime(row.lastSale.time) : undefined}
                        >
                          {row.lastSale ? formatRelative(row.lastSale.time) : '—'}
                        </td>
                        <td>
                          {row.listingPrice ? (
                            <ListingPrice
                              listing={listedPrices(row.listingPrice, row.listingDiscount?.amount ?? null)}
                            />
                          ) : row.price !== null ? (
                            <Price {...centsPrice(row.price)} />
                          ) : (
                            <span className={styles.muted}>Not listed</span>
                          )}
                        </td>
                        <td className={styles.actions}>
                          {viewer !== null && row.owner?.username.toLowerCase() === viewer ? (
                            <span className={styles.ownerActions}>
                              <Button
                                size="sm"
                                onClick={() => setListing(row)}
                                data-testid="table-list-for-sale"
                              >
                                {row.listingId !== null ? 'Edit price' : 'List for sale'}
                              </Button>
                              {row.listingId !== null ? (
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  onClick={(event) => {
                                    cancelRow.current = event.currentTarget.closest('tr');
                                    setCancelling(row.listingId);
                                  }}
                                  data-testid="table-cancel-listing"
                                >
                                  Cancel listing
                                </Button>
                              ) : null}
                            </span>
                          ) : (
                            <ButtonLink to={href} size="sm" variant="secondary">
                              View
                            </ButtonLink>
                          )}
                        </td>
                      </tr>
                    );
                  })}
            </tbody>
          </table>
          {!query.isPending && rows.length === 0 ? (
            <p className={styles.empty} data-testid="table-empty">
              No items match these filters.
            </p>
          ) : null}
        </div>
      )}
      {query.data ? (
        <Pagination
          page={state.page}
          totalPages={query.data.total_pages}
          onChange={(page) => set((current) => ({ ...current, page }))}
          label="Item pages"
        />
      ) : null}
      {listing ? (
        <PriceDialog
          contractAddress={listing.contractAddress}
          tokenId={listing.tokenId}
          listing={
            listing.listingId !== null && listing.listingPrice
              ? {
                  id: listing.listingId,
                  ...listedPrices(listing.listingPrice, listing.listingDiscount?.amount ?? null),
                }
              : null
          }
          onClose={() => setListing(null)}
        />
      ) : null}
      {cancelling !== null ? (
        <CancelDialog
          listingId={cancelling}
          onClose={() => setCancelling(null)}
          returnFocus={cancelledRowAction}
        />
      ) : null}
    </div>
  );
}

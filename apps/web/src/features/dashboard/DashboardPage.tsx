import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { collectionPath, formatCents, fromMinorUnits, itemPath } from '@vitrine/domain';
import type { Page } from '@vitrine/domain/catalog-responses';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { Button } from '../../ui/Button';
import { DocumentTitle } from '../../ui/DocumentTitle';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Link } from '../../ui/Link';
import { Pagination } from '../../ui/Pagination';
import { Skeleton } from '../../ui/Skeleton';
import { useLastPageInstead } from '../../ui/useLastPageInstead';
import { useProfile } from '../auth/profile-query';
import { RequireAuth } from '../auth/RequireAuth';
import { useLoginRedirectOn401 } from '../auth/useLoginRedirectOn401';
import { PersonLink } from '../catalog/shared/PersonLink';
import { minorUnitsPrice, paidPrice } from '../catalog/shared/price-props';
import { formatDate, formatDateTime } from '../catalog/shared/time-format';
import { formatOwnPrice } from '../platform/display-price';
import { DiscountDialog, type DiscountedListing } from '../trading/DiscountDialog';
import styles from './DashboardPage.module.css';
import { DepositTab } from './DepositTab';
import { dashboardKeys, listedQuery, purchasesQuery, salesQuery, transactionsQuery } from './dashboard-api';
import {
  DASHBOARD_TABS,
  type DashboardTab,
  dashboardTabOf,
  editionName,
  formatSignedCents,
  movementDetails,
  movementLabel,
  paymentMethodLabel,
  paymentStateLabel,
  primaryPurchaseName,
  purchaseSource,
  tokenLabel,
} from './dashboard-format';

/**
 * The dashboard (000 §2): /dashboard/purchases-sales/:innertab? (Sales / Purchases),
 * /dashboard/transactions/:innertab? (Other transactions), /dashboard/active-discounts, /dashboard/deposit.
 * Each list is paginated with its loading, empty and error states.
 */
export function DashboardPage() {
  const { pathname } = useLocation();
  const tab = dashboardTabOf(pathname);
  if (tab === null) return <NotFoundPage />;
  return (
    <div className={`page-container ${styles.page}`} data-testid="dashboard-page">
      <DocumentTitle title="Dashboard · Vitrine" />
      <header className={styles.header}>
        <h1 className={styles.title}>Dashboard</h1>
        <RequireAuth>
          <BalanceLine />
        </RequireAuth>
      </header>
      <nav className={styles.tabs} aria-label="Dashboard sections">
        {DASHBOARD_TABS.map((item) => (
          // A plain link marked by the tab the path shows: NavLink marks only the link whose path matches, so
          // /dashboard/purchases-sales showed Sales with no tab marked.
          <Link
            key={item.key}
            to={item.to}
            className={styles.tab}
            aria-current={item.key === tab ? 'page' : undefined}
            data-testid={`dashboard-tab-${item.key}`}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <section className={styles.content} aria-label={DASHBOARD_TABS.find((t) => t.key === tab)?.label}>
        <RequireAuth>
          <TabContent key={tab} tab={tab} />
        </RequireAuth>
      </section>
    </div>
  );
}

function BalanceLine() {
  const profile = useProfile();
  const balance = profile.data?.account_balance_in_cents;
  const available = profile.data?.available_balance_in_cents;
  // The balance moved (a sale, a purchase, a deposit, read again by the account menu or a payment): the lists
  // that explain it are read again too, so the Sales tab never disagrees with the balance above it.
  const queryClient = useQueryClient();
  const seen = useRef(balance);
  useEffect(() => {
    if (balance === undefined) return;
    if (seen.current !== undefined && seen.current !== balance)
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    seen.current = balance;
  }, [balance, queryClient]);
  // The profile could not be read (a server error, no connection): said so, with a retry, not a skeleton for good.
  if (balance === undefined && profile.isError) {
    return (
      <p className={styles.balance} data-testid="dashboard-balance-error">
        We couldn't load your balance.{' '}
        <Button
          size="sm"
          variant="secondary"
          loading={profile.isFetching}
          onClick={() => void profile.refetch()}
        >
          Retry
        </Button>
      </p>
    );
  }
  return (
    <p className={styles.balance}>
      Balance:{' '}
      <strong data-testid="dashboard-balance">
        {balance === undefined ? <Skeleton width={72} /> : formatCents(balance)}
      </strong>
      {balance !== undefined && available !== undefined && available < balance ? (
        <span data-testid="dashboard-balance-held">
          {' '}
          ({formatCents(balance - available)} held for your offers, bids and drawing entries,{' '}
          {formatCents(available)} available)
        </span>
      ) : null}
    </p>
  );
}

function TabContent({ tab }: { tab: DashboardTab }) {
  switch (tab) {
    case 'sales':
      return <SalesTab />;
    case 'purchases':
      return <PurchasesTab />;
    case 'transactions':
      return <TransactionsTab />;
    case 'active-discounts':
      return <ActiveDiscountsTab />;
    case 'deposit':
      return <DepositTab />;
  }
}

/**
 * The tab's page, in the address (`?page=`): kept across a reload, and Back goes to the page before. Changing it
 * does not jump to the top of the window: the table scrolls itself into view (PagedTable).
 */
function usePageInAddress(): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const read = Number(params.get('page'));
  const page = Number.isInteger(read) && read > 1 ? read : 1;
  const setPage = (next: number, options?: { replace?: boolean }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      },
      { preventScrollReset: true, replace: options?.replace ?? false },
    );
  return [page, setPage];
}

/** A paginated table with its loading (skeleton rows), error (retry) and empty states. */
function PagedTable<T>({
  query,
  page,
  onPage,
  columns,
  row,
  empty,
  label,
  testId,
}: {
  query: UseQueryResult<Page<T>>;
  page: number;
  onPage: (page: number, options?: { replace?: boolean }) => void;
  columns: readonly string[];
  row: (item: T) => ReactNode;
  empty: ReactNode;
  label: string;
  testId: string;
}) {
  useLoginRedirectOn401(query.error);
  const top = useRef<HTMLDivElement>(null);
  // A page past the last (an old link, rows gone since): the last page, not 'You haven't … yet'.
  // Not from the page before's answer, shown meanwhile (its count may be another list's).
  useLastPageInstead(page, query.isPlaceholderData ? null : (query.data?.total_pages ?? null), (last) =>
    onPage(last, { replace: true }),
  );
  // Another page: its first rows in view (the buttons pressed are below the last ones).
  const turn = (next: number) => {
    onPage(next);
    const table = top.current;
    if (!table) return;
    // Above the window's top, or under the sticky header (the scroll margin the style sheet gives it).
    const margin = Number.parseFloat(getComputedStyle(table).scrollMarginTop) || 0;
    if (table.getBoundingClientRect().top < margin) table.scrollIntoView({ block: 'start' });
  };
  // An error only when there is nothing to show: a read again that fails (after a sale or a cancel) keeps the table.
  if (query.isError && !query.data) {
    return (
      <ErrorFallback
        title={`We couldn't load your ${label.toLowerCase()}.`}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId={`${testId}-error`}
      />
    );
  }
  if (query.data && query.data.count === 0) {
    return (
      <p className={styles.empty} data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <>
      <div className={styles.scroll} ref={top}>
        <table className={styles.table} aria-busy={query.isFetching || undefined} data-testid={testId}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {/* A column of buttons is named for screen readers only. */}
                  {column === 'Actions' ? <span className="visually-hidden">{column}</span> : column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data
              ? query.data.results.map(row)
              : Array.from({ length: 5 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                  <tr key={index} data-testid={`${testId}-loading`}>
                    {columns.map((column) => (
                      <td key={column} data-label={column}>
                        <Skeleton width={72} />
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {query.data ? (
        <Pagination
          page={page}
          totalPages={query.data.total_pages}
          onChange={turn}
          label={`${label} pages`}
        />
      ) : null}
    </>
  );
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDate(iso)}
    </time>
  );
}

function SalesTab() {
  const [page, setPage] = usePageInAddress();
  const query = useQuery(salesQuery(page));
  return (
    <PagedTable
      query={query}
      page={page}
      onPage={setPage}
      label="Sales"
      testId="sales"
      columns={['Item', 'Price', 'Fees', 'Proceeds', 'Buyer', 'Date']}
      empty="You haven't sold anything yet. List an NFT you own from its page or its collection's table."
      row={(sale) => {
        const fees =
          sale.serviceFeeInCents === null && sale.creatorFeeInCents === null
            ? null
            : (sale.serviceFeeInCents ?? 0) + (sale.creatorFeeInCents ?? 0);
        return (
          <tr key={sale.saleId} data-testid="sale-row">
            <td data-label="Item">
              <Link to={itemPath(sale.nifty.contractAddress, sale.nifty.tokenId)} className={styles.link}>
                {sale.nifty.name || tokenLabel(sale.nifty.tokenId)}
              </Link>
            </td>
            {/* In dollars, as the fees and the proceeds beside it are (worked out in USD when it sold), so the
                row adds up whatever the display currency; a sale in ETH also says what it was listed for. */}
            <td data-label="Price" data-testid="sale-price">
              {/* One piece: a phone's card row spreads a cell's pieces apart. */}
              <span>
                {formatCents(sale.priceInCents)}
                {sale.price.currency === 'USD' ? null : (
                  <span className={styles.muted}>
                    {' '}
                    ({fromMinorUnits(sale.price.amount, sale.price.currency)} {sale.price.currency})
                  </span>
                )}
              </span>
            </td>
            <td
              data-label="Fees"
              data-testid="sale-fees"
              title={
                fees === null
                  ? undefined
                  : `Service and card fee ${formatCents(sale.serviceFeeInCents ?? 0)}, creator fee ${formatCents(sale.creatorFeeInCents ?? 0)}`
              }
            >
              {fees === null ? '—' : `−${formatCents(fees)}`}
            </td>
            <td data-label="Proceeds" data-testid="sale-proceeds" className={styles.strong}>
              {sale.proceedsInCents === null ? '—' : formatCents(sale.proceedsInCents)}
            </td>
            <td data-label="Buyer">
              {sale.buyer ? (
                <PersonLink profileUrl={sale.buyer.profileUrl} className={styles.link}>
                  {sale.buyer.name}
                </PersonLink>
              ) : (
                '—'
              )}
            </td>
            <td data-label="Date" data-testid="sale-date">
              <When iso={sale.soldAt} />
            </td>
          </tr>
        );
      }}
    />
  );
}

function PurchasesTab() {
  const [page, setPage] = usePageInAddress();
  const query = useQuery(purchasesQuery(page));
  return (
    <PagedTable
      query={query}
      page={page}
      onPage={setPage}
      label="Purchases"
      testId="purchases"
      columns={['Item', 'Paid', 'Method', 'State', 'Date']}
      empty="You haven't bought anything yet. Find something you like on Explore."
      row={(intent) => {
        const paid = intent.quotes.find((q) => q.paymentMethod === intent.paymentMethod) ?? intent.quotes[0];
        const token = intent.token ?? intent.listing;
        const source = purchaseSource(intent.saleType);
        return (
          // An accepted offer's id is the offer's (000 §3), a win's the bid's or the entry's, not an intent's:
          // the source keeps the keys apart.
          <tr key={`${source.kind}-${intent.purchaseIntentId}`} data-testid="purchase-row">
            <td data-label="Item">
              {token ? (
                <Link to={itemPath(token.contractAddress, token.tokenId)} className={styles.link}>
                  {intent.itemName || tokenLabel(token.tokenId)}
                </Link>
              ) : intent.nifty ? (
                // The editions minted, as the receipt named them; one edition links to its own page.
                <Link
                  to={
                    intent.mintedTokens.length === 1 && intent.mintedTokens[0]
                      ? itemPath(intent.nifty.contractAddress, intent.mintedTokens[0].tokenId)
                      : collectionPath(intent.nifty.contractAddress, intent.nifty.niftyType)
                  }
                  className={styles.link}
                >
                  {primaryPurchaseName(
                    intent.nifty.title,
                    intent.requestedQuantity,
                    intent.mintedTokens.map((t) => t.editionNumber),
                  )}
                </Link>
              ) : (
                '—'
              )}
              {source.note ? (
                <span
                  className={styles.detail}
                  data-testid={source.kind === 'offer' ? 'purchase-by-offer' : 'purchase-won'}
                >
                  {source.note}
                </span>
              ) : null}
            </td>
            <td data-label="Paid" data-testid="purchase-paid" className={styles.strong}>
              {paid ? formatCents(paid.totalInCents) : '—'}
            </td>
            <td data-label="Method" data-testid="purchase-method">
              {paymentMethodLabel(intent.paymentMethod, intent.paymentCard)}
            </td>
            <td data-label="State" data-testid="purchase-state">
              {paymentStateLabel(intent.paymentState)}
            </td>
            <td data-label="Date" data-testid="purchase-date">
              <When iso={intent.paidAt ?? intent.createdAt} />
            </td>
          </tr>
        );
      }}
    />
  );
}

function TransactionsTab() {
  const [page, setPage] = usePageInAddress();
  const query = useQuery(transactionsQuery(page));
  return (
    <PagedTable
      query={query}
      page={page}
      onPage={setPage}
      label="Transactions"
      testId="transactions"
      columns={['Movement', 'Details', 'Amount', 'Date']}
      empty="No money has moved in or out of your balance yet."
      row={(movement) => (
        <tr key={`${movement.transactionId}-${movement.memo}`} data-testid="transaction-row">
          <td data-label="Movement" data-testid="transaction-kind">
            {movementLabel(movement.kind, movement.memo)}
          </td>
          <td data-label="Details" className={styles.muted} data-testid="transaction-details">
            {movementDetails(movementLabel(movement.kind, movement.memo), movement.description)}
          </td>
          <td
            data-label="Amount"
            data-testid="transaction-amount"
            className={movement.amountInCents >= 0 ? styles.moneyIn : styles.moneyOut}
          >
            {formatSignedCents(movement.amountInCents)}
          </td>
          <td data-label="Date">
            <When iso={movement.createdAt} />
          </td>
        </tr>
      )}
    />
  );
}

/**
 * Active Discounts: the user's active listings and their discount (000 §3 listingDiscount), what buyers pay, and
 * a button on each to set, change or remove it (the dialog of the item page's "Set discount").
 */
function ActiveDiscountsTab() {
  const [page, setPage] = usePageInAddress();
  // The listing and its token (the dialog shows what the seller receives at the price it leaves).
  const [editing, setEditing] = useState<{
    listing: DiscountedListing;
    token: { contractAddress: string; tokenId: string };
  } | null>(null);
  const profile = useProfile();
  const profileUrl = profile.data?.profileUrl ?? '';
  const query = useQuery({ ...listedQuery(profileUrl, page), enabled: profileUrl !== '' });
  const discounted = query.data?.results.some((card) => card.listing?.listingDiscount) ?? false;
  // The listings are read by the profile's address: without the profile (a server error, no connection) they
  // never would be, so that is said, with a retry, instead of skeleton rows for good.
  if (profileUrl === '' && (profile.isError || profile.data === null)) {
    return (
      <ErrorFallback
        title="We couldn't load your listings."
        message={profile.error?.message ?? 'Your profile could not be read.'}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
        testId="listings-error"
      />
    );
  }
  return (
    <>
      {/* Said of all the listings only when they are all on this page. */}
      {query.data && query.data.count > 0 && query.data.total_pages <= 1 && !discounted ? (
        <p className={styles.note} data-testid="discounts-none">
          None of your listings has a discount. Set one on a listing below: buyers pay its list price less the
          discount.
        </p>
      ) : null}
      {editing ? (
        <DiscountDialog listing={editing.listing} token={editing.token} onClose={() => setEditing(null)} />
      ) : null}
      <PagedTable
        query={query}
        page={page}
        onPage={setPage}
        label="Listings"
        testId="listings"
        columns={['Item', 'List price', 'Discount', 'Buyers pay', 'Listed', 'Actions']}
        empty="You have no active listings, so no active discounts."
        row={(card) => (
          <tr key={card.id} data-testid="listing-row">
            <td data-label="Item">
              <Link
                to={itemPath(card.contractAddress, card.tokenId)}
                className={styles.link}
                data-testid="listing-name"
              >
                {editionName(card.name, card.editionNumber)}
              </Link>
            </td>
            {/* In the listing's own currency, whatever the display currency (as Sales stays in dollars): what the
                seller set, and the row adds up (list price less discount is what buyers pay). */}
            <td data-label="List price">
              {card.listing ? formatOwnPrice(minorUnitsPrice(card.listing.baseListingPrice)) : '—'}
            </td>
            <td data-label="Discount">
              {card.listing?.listingDiscount ? (
                formatOwnPrice(minorUnitsPrice(card.listing.listingDiscount))
              ) : (
                <span className={styles.muted}>No discount</span>
              )}
            </td>
            <td data-label="Buyers pay">
              {card.listing ? formatOwnPrice(minorUnitsPrice(paidPrice(card.listing))) : '—'}
            </td>
            <td data-label="Listed">{card.listing ? <When iso={card.listing.createdAt} /> : '—'}</td>
            <td>
              {card.listing ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    card.listing &&
                    setEditing({
                      listing: card.listing,
                      token: { contractAddress: card.contractAddress, tokenId: card.tokenId },
                    })
                  }
                  data-testid="listing-discount-button"
                  aria-label={`${card.listing.listingDiscount ? 'Edit discount' : 'Set discount'}: ${editionName(card.name, card.editionNumber)}`}
                >
                  {card.listing.listingDiscount ? 'Edit discount' : 'Set discount'}
                </Button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </>
  );
}

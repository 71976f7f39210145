// A drawing's results page, /drawing/{contractAddress}/{niftyType} (decision 013): the commitment published
// before the drawing, the entries 50 a page, and once drawn the seed and the winners (from the drawing's
// answer, whatever page the entries show), which the page recomputes here from the ids of every entry (asked
// for only once drawn) with the same function the API drew them with (@vitrine/domain drawWinners) and shows
// 'Verified' when sha256(seed) is the commitment and the recomputed winners are the published ones. A signed-in
// viewer is told what became of their own entry, its row highlighted; the Enter button goes by the drop cards' rule
// (validation, eligibility, the entries left).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { drawWinners, seedMatchesCommitment } from '@vitrine/domain';
import { type ReactNode, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { useLoggedIn } from '../../app/useLoggedIn';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FormAlert } from '../../ui/FormAlert';
import { Page } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { Skeleton } from '../../ui/Skeleton';
import { formatDateTime } from '../catalog/shared/time-format';
import { DrawingEntryButton } from './DrawingEntryButton';
import styles from './DrawingPage.module.css';
import { type Drawing, type DrawingEntry, drawingsApi, drawingsKeys } from './drawings-api';
import { entriesText, nextReadIn, viewerEntryText } from './drawings-text';

/**
 * The page's check of a drawn drawing: the seed matches the commitment and, over the ids of every entry,
 * gives the published winners. Pending until drawn and until the ids are in.
 */
export function verifyDrawing(
  d: Drawing,
  entryIds: readonly number[] | undefined,
): 'verified' | 'mismatch' | 'pending' {
  if (d.status !== 'drawn' || d.seed === null || d.editionsDrawn === null) return 'pending';
  if (!seedMatchesCommitment(d.seed, d.commitment)) return 'mismatch';
  if (!entryIds) return 'pending';
  const recomputed = drawWinners(d.seed, entryIds, d.editionsDrawn).sort((a, b) => a - b);
  const published = [...d.winners].sort((a, b) => a - b);
  return recomputed.length === published.length && recomputed.every((id, i) => id === published[i])
    ? 'verified'
    : 'mismatch';
}

/** What an entry's row says: forfeited, winner (drawn or next in the draw order), not drawn, or entered. */
function entryStatusText(e: DrawingEntry, drawnWinner: boolean): string {
  // The public page does not say why a collector's win was forfeited (review 2026-12-07: it told every visitor
  // their payment failed); the collector is told by alert and email.
  if (e.status === 'forfeited') return 'Forfeited';
  if (e.promoted) return 'Winner (next in the draw order)';
  if (drawnWinner) return 'Winner';
  return e.status === 'lost' ? 'Not drawn' : 'Entered';
}

/** The signed-in viewer's own entry in a list: marked, so they find their row. */
function YouMark() {
  return (
    <span className={styles.you} data-testid="drawing-you">
      {' '}
      (you)
    </span>
  );
}

/**
 * The entries, a page at a time (id order), with their loading, error and empty states; `mine`: the viewer's own
 * entry, highlighted.
 */
function EntriesTable({
  d,
  winners,
  mine,
}: {
  d: Drawing;
  winners: ReadonlySet<number>;
  mine: number | null;
}) {
  const [page, setPage] = useState(1);
  const top = useRef<HTMLDivElement>(null);
  // Another page starts at the table's top (the controls are below 50 rows), as the explore lists do.
  const goToPage = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const entries = useQuery({
    queryKey: drawingsKeys.entries(d.contractAddress, d.niftyType, page),
    queryFn: ({ signal }) => drawingsApi.entries(d.contractAddress, d.niftyType, page, signal),
    placeholderData: keepPreviousData,
  });
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (entries.data === undefined) {
    if (!entries.isError) return <Skeleton width="100%" height={160} />;
    return (
      <ErrorFallback
        title="We couldn't load the entries."
        message={entries.error.message}
        onRetry={() => void entries.refetch()}
        retrying={entries.isFetching}
        testId="drawing-entries-error"
      />
    );
  }
  const { results, total_pages: totalPages } = entries.data;
  if (results.length === 0 && page === 1) {
    return (
      <p className={styles.empty} data-testid="drawing-entries-empty">
        No entries yet.
      </p>
    );
  }
  return (
    <>
      <div className={styles.scroll} ref={top}>
        <table
          className={styles.entries}
          data-testid="drawing-entries"
          aria-busy={entries.isPlaceholderData || undefined}
        >
          <tbody>
            {results.map((e) => (
              <tr
                key={e.id}
                className={
                  [winners.has(e.id) || e.promoted ? styles.winner : '', e.id === mine ? styles.mine : '']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                data-testid="drawing-entry"
                data-entry-id={e.id}
                data-status={e.status}
                data-viewer={e.id === mine || undefined}
              >
                <td>#{e.id}</td>
                <td className={styles.username}>
                  {e.username}
                  {e.id === mine ? <YouMark /> : null}
                </td>
                <td>{entryStatusText(e, winners.has(e.id))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div data-testid="drawing-entries-pages">
        <Pagination page={page} totalPages={totalPages} onChange={goToPage} label="Entry pages" />
      </div>
    </>
  );
}

export function DrawingPage() {
  const params = useParams();
  const contractAddress = params.contractAddress ?? '';
  const niftyType = Number(params.niftyType);
  const loggedIn = useLoggedIn();
  const drawing = useQuery({
    queryKey: drawingsKeys.drawing(contractAddress, niftyType, loggedIn),
    queryFn: () => drawingsApi.get(contractAddress, niftyType),
    // Read again when it opens, when it closes and while it waits for its draw, so the page follows it without a
    // reload (review 2026-12-07: it kept 'Open' and its Enter button after the close).
    refetchInterval: (query) => nextReadIn(query.state.data),
  });
  const d = drawing.data;
  const drawn = d?.status === 'drawn';
  // Every entry id, to verify the draw: asked for only once drawn (before, the API has none to give).
  const ids = useQuery({
    queryKey: drawingsKeys.entryIds(contractAddress, niftyType),
    queryFn: ({ signal }) => drawingsApi.entryIds(contractAddress, niftyType, signal),
    enabled: drawn,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (drawing.isError && !drawing.data) {
    // Not found only when the API says so; a network failure or a server error can be tried again (review
    // 2026-12-07: every failure read 'not found').
    return (
      <Page title="Drawing">
        {isApiError(drawing.error) && drawing.error.statusCode === 404 ? (
          <FormAlert>This drawing was not found.</FormAlert>
        ) : (
          <ErrorFallback
            title="We couldn't load this drawing."
            message={drawing.error.message}
            onRetry={() => void drawing.refetch()}
            retrying={drawing.isFetching}
          />
        )}
      </Page>
    );
  }
  if (!d) {
    return (
      <Page title="Drawing">
        <Skeleton width="100%" height={240} />
      </Page>
    );
  }
  const check = verifyDrawing(d, ids.data?.ids);
  const winners = new Set(d.winners);
  // Signed in only: a signed-out answer has none, and a cached one of a former session is not this viewer's.
  const mine = loggedIn ? d.viewerEntry : null;
  const result = mine ? viewerEntryText(mine) : null;
  let verification: ReactNode = null;
  if (check === 'verified') {
    verification = (
      <FormAlert tone="success" testId="drawing-verified">
        Verified
      </FormAlert>
    );
  } else if (check === 'mismatch') {
    verification = (
      <FormAlert testId="drawing-verified">
        Not verified: the published winners do not follow from the seed
      </FormAlert>
    );
  } else if (drawn && ids.isError) {
    verification = (
      <FormAlert testId="drawing-verify-error">
        We could not load the entries to verify this drawing.
      </FormAlert>
    );
  } else if (drawn) {
    verification = (
      <p className={styles.muted} data-testid="drawing-verifying">
        Verifying…
      </p>
    );
  }
  return (
    <Page title={d.name} eyebrow="Drawing results" testId="drawing-page">
      <div className={styles.page}>
        <p data-testid="drawing-status">
          {d.status === 'drawn'
            ? 'Drawn'
            : d.status === 'open'
              ? 'Open'
              : d.status === 'upcoming'
                ? `Upcoming${d.startDate ? `, opens ${formatDateTime(d.startDate)}` : ''}`
                : 'Closed, to be drawn'}
          {' · '}
          {entriesText(d.saleDetails.totalEntries)} · {d.editionsToDraw}{' '}
          {d.editionsToDraw === 1 ? 'edition' : 'editions'}
        </p>
        {mine && result ? (
          <FormAlert tone={result.tone} testId="drawing-viewer-entry">
            <span data-testid="drawing-viewer-result" data-status={mine.status}>
              {result.text}
            </span>
            <span className={styles.muted}> · your entry #{mine.id}</span>
          </FormAlert>
        ) : null}
        {d.status === 'open' ? (
          <DrawingEntryButton drawing={d} contractAddress={contractAddress} niftyType={niftyType} />
        ) : null}
        <section className={styles.section}>
          <h2>How to verify</h2>
          <p>
            Before any entry we published the commitment, the SHA-256 of a secret random seed. After the
            drawing closed we published the seed. The winners are the first {d.editionsDrawn ?? 'N'} entries
            of a shuffle of the entry ids (sorted ascending) driven by SHA-256 of “seed:round:attempt”: anyone
            can recompute them from the seed and the ids of every entry. This page does so in your browser.
          </p>
          <dl className={styles.proof}>
            <dt>Commitment</dt>
            <dd>
              <code data-testid="drawing-commitment">{d.commitment}</code>
            </dd>
            <dt>Seed</dt>
            <dd>
              <code data-testid="drawing-seed">{d.seed ?? 'Published after the drawing'}</code>
            </dd>
          </dl>
          {verification}
        </section>
        {drawn ? (
          <section className={styles.section}>
            <h2>Winners</h2>
            {d.winnerEntries.length === 0 ? (
              <p className={styles.empty}>No winners were drawn.</p>
            ) : (
              <ul className={styles.winners} data-testid="drawing-winners">
                {d.winnerEntries.map((e) => (
                  <li
                    key={e.id}
                    className={e.id === mine?.id ? styles.mine : undefined}
                    data-testid="drawing-winner"
                    data-status={e.status}
                    data-viewer={e.id === mine?.id || undefined}
                  >
                    <span className={styles.username}>
                      {e.username}
                      {e.id === mine?.id ? <YouMark /> : null}
                    </span>
                    <span className={styles.muted}>
                      #{e.id} · {entryStatusText(e, winners.has(e.id))}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        <section className={styles.section}>
          <h2>Entries</h2>
          <EntriesTable d={d} winners={winners} mine={mine?.id ?? null} />
        </section>
      </div>
    </Page>
  );
}

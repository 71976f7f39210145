// A drawing's results page, /drawing/{contractAddress}/{niftyType} (decision 013): the commitment published
// before the drawing, every entry, and once drawn the seed and the winners, which the page recomputes here
// with the same function the API drew them with (@vitrine/domain drawWinners) and shows 'Verified' when
// sha256(seed) is the commitment and the recomputed winners are the published ones.
import { useQuery } from '@tanstack/react-query';
import { drawWinners, seedMatchesCommitment } from '@vitrine/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useLoggedIn } from '../../app/useLoggedIn';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Page } from '../../ui/Page';
import { DrawingEntryDialog } from './DrawingEntryDialog';
import styles from './DrawingPage.module.css';
import { type Drawing, drawingsApi, drawingsKeys } from './drawings-api';
import { entriesText } from './drawings-text';

/** The page's check of a drawn drawing: the seed matches the commitment and gives the published winners. */
export function verifyDrawing(d: Drawing): 'verified' | 'mismatch' | 'pending' {
  if (d.status !== 'drawn' || d.seed === null || d.editionsDrawn === null) return 'pending';
  if (!seedMatchesCommitment(d.seed, d.commitment)) return 'mismatch';
  const recomputed = drawWinners(
    d.seed,
    d.entries.map((e) => e.id),
    d.editionsDrawn,
  ).sort((a, b) => a - b);
  const published = [...d.winners].sort((a, b) => a - b);
  return recomputed.length === published.length && recomputed.every((id, i) => id === published[i])
    ? 'verified'
    : 'mismatch';
}

export function DrawingPage() {
  const params = useParams();
  const contractAddress = params.contractAddress ?? '';
  const niftyType = Number(params.niftyType);
  const loggedIn = useLoggedIn();
  const [entering, setEntering] = useState(false);
  const drawing = useQuery({
    queryKey: drawingsKeys.drawing(contractAddress, niftyType, loggedIn),
    queryFn: () => drawingsApi.get(contractAddress, niftyType),
  });
  const d = drawing.data;
  if (drawing.isError) {
    return (
      <Page title="Drawing">
        <FormAlert>This drawing was not found.</FormAlert>
      </Page>
    );
  }
  if (!d) return <Page title="Drawing" />;
  const check = verifyDrawing(d);
  const winners = new Set(d.winners);
  return (
    <Page title={d.name} eyebrow="Drawing results" testId="drawing-page">
      <div className={styles.page}>
        <p data-testid="drawing-status">
          {d.status === 'drawn'
            ? 'Drawn'
            : d.status === 'open'
              ? 'Open'
              : d.status === 'upcoming'
                ? 'Upcoming'
                : 'Closed'}
          {' · '}
          {entriesText(d.saleDetails.totalEntries)} · {d.editionSize} editions
        </p>
        {d.status === 'open' ? (
          <>
            <Button data-testid="drawing-enter" onClick={() => setEntering(true)}>
              {d.saleDetails.userEntriesUsed > 0 ? 'Entered' : 'Enter Drawing'}
            </Button>
            <DrawingEntryDialog
              contractAddress={contractAddress}
              niftyType={niftyType}
              open={entering}
              onClose={() => setEntering(false)}
            />
          </>
        ) : null}
        <section className={styles.section}>
          <h2>How to verify</h2>
          <p>
            Before any entry we published the commitment, the SHA-256 of a secret random seed. After the
            drawing closed we published the seed. The winners are the first {d.editionsDrawn ?? 'N'} entries
            of a shuffle of the entry ids (sorted ascending) driven by SHA-256 of “seed:round:attempt”: anyone
            can recompute them from this page. This page does so in your browser.
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
          {check === 'verified' ? (
            <FormAlert tone="success" testId="drawing-verified">
              Verified
            </FormAlert>
          ) : check === 'mismatch' ? (
            <FormAlert testId="drawing-verified">
              Not verified: the published winners do not follow from the seed
            </FormAlert>
          ) : null}
        </section>
        <section className={styles.section}>
          <h2>Entries</h2>
          {d.entries.length === 0 ? <p>No entries yet.</p> : null}
          <table className={styles.entries} data-testid="drawing-entries">
            <tbody>
              {d.entries.map((e) => (
                <tr
                  key={e.id}
                  className={winners.has(e.id) || e.promoted ? styles.winner : undefined}
                  data-testid="drawing-entry"
                  data-status={e.status}
                >
                  <td>#{e.id}</td>
                  <td>{e.username}</td>
                  <td>
                    {e.status === 'forfeited'
                      ? 'Forfeited (payment failed)'
                      : e.promoted
                        ? 'Winner (next in the draw order)'
                        : winners.has(e.id)
                          ? 'Winner'
                          : e.status === 'lost'
                            ? 'Not drawn'
                            : 'Entered'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </Page>
  );
}

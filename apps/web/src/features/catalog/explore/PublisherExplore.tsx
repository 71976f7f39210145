import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { latestSearchParams } from '../../../lib/latest-search-params';
import { Checkbox } from '../../../ui/Checkbox';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { Pagination } from '../../../ui/Pagination';
import { indexSearchQuery } from '../../search/search-api';
import type { IndexFilters } from '../../search/search-types';
import { EmptyResults } from '../shared/EmptyResults';
import { GridSkeleton } from '../shared/GridSkeleton';
import gridStyles from '../shared/ResultGrid.module.css';
import { resultsText } from './explore-filters-active';
import { PublisherCardSkeleton } from './PublisherCardSkeleton';
import styles from './PublisherExplore.module.css';
import { PublisherResultCard } from './PublisherResultCard';

const PAGE_SIZE = 12;

/** Explore publishers: the search host's publishers index (q, verified, curated), as publisher cards. */
export function PublisherExplore() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const verified = params.get('verified') === 'true';
  const curated = params.get('curated') === 'true';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filters: IndexFilters = {};
  if (verified) filters.verified = true;
  if (curated) filters.curated = true;
  const query = useQuery({
    ...indexSearchQuery('publishers', { query: q, page, page_size: PAGE_SIZE, filters }),
    placeholderData: (previous) => previous,
  });

  const set = (patch: Record<string, string | null>) =>
    setParams(
      () => {
        const next = latestSearchParams();
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );

  const results = query.data?.results ?? [];
  return (
    <section className={styles.section} data-testid="publisher-explore">
      <div className={styles.toolbar}>
        <p className={styles.count} data-testid="results-count">
          {query.data ? resultsText(query.data.meta.total_results) : '\u00a0'}
        </p>
        <div className={styles.filters}>
          <Checkbox
            label="Verified"
            checked={verified}
            onChange={() => set({ verified: verified ? null : 'true' })}
          />
          <Checkbox
            label="Curated"
            checked={curated}
            onChange={() => set({ curated: curated ? null : 'true' })}
          />
        </div>
      </div>
      {query.isPending ? (
        <GridSkeleton Item={PublisherCardSkeleton} count={6} kind="wide" />
      ) : query.isError ? (
        <ErrorFallback
          title="We couldn't load publishers."
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : results.length === 0 ? (
        <EmptyResults
          text={q ? `No results for "${q}"` : 'No publishers match the current filters.'}
          onClear={verified || curated ? () => set({ verified: null, curated: null }) : undefined}
        />
      ) : (
        <ul className={`${gridStyles.grid} ${gridStyles.wide}`} data-testid="publisher-grid">
          {results.map((result) => (
            <li key={result.item.id}>
              <PublisherResultCard slug={result.item.slug} />
            </li>
          ))}
        </ul>
      )}
      {query.data ? (
        <Pagination
          page={page}
          totalPages={query.data.meta.total_pages}
          onChange={(next) => set({ page: next > 1 ? String(next) : null })}
          label="Publisher pages"
        />
      ) : null}
    </section>
  );
}

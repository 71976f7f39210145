import { DocumentTitle } from '../../../ui/DocumentTitle';
import { SearchTopMatches } from '../../search/SearchTopMatches';
import { BannerCarousel } from './BannerCarousel';
import { EXPLORE_BANNERS } from './banners';
import { CollectionExplore } from './CollectionExplore';
import { DropExplore } from './DropExplore';
import styles from './ExplorePage.module.css';
import { ExploreTabs } from './ExploreTabs';
import { hasActiveFilters } from './explore-filters-active';
import { NftExplore } from './NftExplore';
import { PromotedCollection } from './PromotedCollection';
import { PublisherExplore } from './PublisherExplore';
import { SuggestedSearches } from './SuggestedSearches';
import { EXPLORE_TABS, type ExploreTab, useExploreState } from './useExploreState';

/** The explore screen of one tab: banners, title (or the search heading), tabs and the tab's list. */
export function ExploreScreen({ tab }: { tab: ExploreTab }) {
  const { state, setState, update } = useExploreState(tab);
  const q = state.q.trim();
  const label = EXPLORE_TABS.find((entry) => entry.tab === tab)?.label ?? 'NFTs';
  const title = q ? `Results for "${q}"` : 'Explore';
  const quiet = !q && !hasActiveFilters(state) && state.currentPage === null;

  return (
    <div className={`page-container ${styles.page}`} data-testid="explore-page" data-view={tab}>
      <DocumentTitle title={`${q ? `${q} · ` : ''}${label} · Explore · Vitrine`} />
      {q ? null : <BannerCarousel banners={EXPLORE_BANNERS} />}
      <header className={styles.header}>
        <h1 className={styles.title} data-testid="explore-title">
          {title}
        </h1>
        {q ? <SearchTopMatches q={q} /> : null}
      </header>
      <ExploreTabs current={tab} q={state.q} />
      {tab === 'nfts' ? <SuggestedSearches /> : null}
      {tab === 'collections' && quiet ? <PromotedCollection /> : null}
      {tab === 'publishers' ? (
        <PublisherExplore />
      ) : tab === 'collections' ? (
        <CollectionExplore state={state} setState={setState} update={update} />
      ) : tab === 'drops' ? (
        <DropExplore state={state} setState={setState} update={update} />
      ) : (
        <NftExplore state={state} setState={setState} update={update} />
      )}
    </div>
  );
}

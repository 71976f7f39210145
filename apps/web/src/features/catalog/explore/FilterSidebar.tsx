import type { ExploreState } from '@vitrine/domain';
import { useEffect, useState } from 'react';
import { Checkbox } from '../../../ui/Checkbox';
import type { Facets } from '../catalog-types';
import { NumberRangePanel } from '../shared/NumberRangePanel';
import { CategoryFilter } from './CategoryFilter';
import { CheckboxGroup } from './CheckboxGroup';
import { EditionSizeFilter } from './EditionSizeFilter';
import { FilterSection } from './FilterSection';
import styles from './FilterSidebar.module.css';
import { PricePresetFilter } from './PricePresetFilter';
import { PriceRangeFilter } from './PriceRangeFilter';
import { StatusFilter } from './StatusFilter';
import { TokenIdFilter } from './TokenIdFilter';
import type { ExplorePatch } from './useExploreState';

export interface FilterSidebarProps {
  state: ExploreState;
  update: (patch: ExplorePatch) => void;
  facets: Facets | undefined;
  /** Mobile sheet: the price range applies itself 500 ms after typing (001 §2). */
  sheet?: boolean;
}

/**
 * The explore filter sidebar (001 §2): status, categories with tag subfilters, tags with search, price
 * range, edition-size maximum and (NFTs) trending, hot deals, token id and mass range. Counts come from the facets.
 */
export function FilterSidebar({ state, update, facets, sheet = false }: FilterSidebarProps) {
  const { view } = state;
  const priced = view !== 'drops';
  // Keep the last facets while a new answer loads, so the options do not jump.
  const [shownFacets, setShownFacets] = useState(facets);
  useEffect(() => {
    if (facets) setShownFacets(facets);
  }, [facets]);
  const tags = shownFacets?.tags ?? [];
  // A checked tag missing from the facets (count 0) stays visible so it can be unchecked.
  const tagOptions = [
    ...tags.map((tag) => ({ name: tag.name, label: tag.label, count: tag.count })),
    ...state.tags
      .filter((tag) => !tags.some((t) => t.name === tag))
      .map((tag) => ({ name: tag, label: tag, count: 0 })),
  ];

  return (
    <div className={styles.sidebar} data-testid="filter-sidebar">
      <FilterSection title="Status" testId="filter-status">
        <StatusFilter value={state.status} onChange={(status) => update({ status })} />
      </FilterSection>
      <FilterSection
        title="Categories"
        searchable
        badge={state.categories.length || undefined}
        testId="filter-categories"
      >
        {(search) => (
          <CategoryFilter
            state={state}
            categories={shownFacets?.categories ?? []}
            onChange={update}
            search={search}
            loading={shownFacets === undefined}
          />
        )}
      </FilterSection>
      <FilterSection title="Tags" searchable badge={state.tags.length || undefined} testId="filter-tags">
        {(search) => (
          <CheckboxGroup
            options={tagOptions}
            selection={{ parents: state.tags, subfilters: [] }}
            onChange={(toggle) =>
              update((latest) => ({ tags: [...toggle({ parents: latest.tags, subfilters: [] }).parents] }))
            }
            search={search}
            emptyText="No tags match"
            loading={shownFacets === undefined}
            testId="tag-filter"
          />
        )}
      </FilterSection>
      {priced ? (
        <FilterSection title="Price" testId="filter-price">
          {view === 'collections' ? (
            // Collections offer the floor-price presets of 001 §3; a custom range then needs both bounds.
            <PricePresetFilter
              preset={state.priceFilter}
              min={state.price.min}
              max={state.price.max}
              autoApply={sheet}
              onPreset={(priceFilter) =>
                update((latest) => ({
                  priceFilter,
                  price: priceFilter === 'custom' ? latest.price : { min: null, max: null },
                }))
              }
              onApplyCustom={(min, max) => update({ price: { min, max }, priceFilter: 'custom' })}
            />
          ) : (
            <PriceRangeFilter
              min={state.price.min}
              max={state.price.max}
              autoApply={sheet}
              onApply={(min, max) => update({ price: { min, max }, priceFilter: null })}
            />
          )}
        </FilterSection>
      ) : null}
      {priced ? (
        <FilterSection title="Edition size" testId="filter-edition-size">
          <EditionSizeFilter value={state.editionSize} onApply={(editionSize) => update({ editionSize })} />
        </FilterSection>
      ) : null}
      {priced ? (
        <FilterSection title="More filters" testId="filter-more">
          <Checkbox
            label="Trending"
            checked={state.trending}
            onChange={() => update((latest) => ({ trending: !latest.trending }))}
          />
          {view === 'nfts' ? (
            <>
              <Checkbox
                label="Hot Deals"
                checked={state.hotDeals}
                onChange={() => update((latest) => ({ hotDeals: !latest.hotDeals }))}
              />
              <TokenIdFilter value={state.tokenId} onApply={(tokenId) => update({ tokenId })} />
            </>
          ) : null}
        </FilterSection>
      ) : null}
      {view === 'nfts' ? (
        <FilterSection title="Mass" testId="filter-mass">
          <NumberRangePanel
            // A chip's removal or Clear All resets the typed bounds.
            key={`${state.mass.min}:${state.mass.max}`}
            label="Mass"
            value={state.mass}
            onApply={(mass) => update({ mass })}
          />
        </FilterSection>
      ) : null}
    </div>
  );
}

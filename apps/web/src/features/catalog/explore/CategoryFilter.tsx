import { useQueries } from '@tanstack/react-query';
import { CATEGORIES, type Category, type ExploreState, isOneOf, toExploreApiQuery } from '@vitrine/domain';
import { useState } from 'react';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { exploreQuery } from '../catalog-queries';
import type { FacetOption } from '../catalog-types';
import { CheckboxGroup, type FilterOptionView } from './CheckboxGroup';

export interface CategoryFilterProps {
  state: ExploreState;
  categories: readonly FacetOption[];
  onChange: (patch: (latest: ExploreState) => Pick<ExploreState, 'categories' | 'tags'>) => void;
  search?: string;
  /** The facets are still loading. */
  loading?: boolean;
}

/**
 * Categories with their tags as subfilters (counts from the API facets: a category's subfilters are the
 * tag facet of the list narrowed to that category). Subfilters load when a category is opened or checked.
 */
export function CategoryFilter({ state, categories, onChange, search, loading }: CategoryFilterProps) {
  const signedIn = useLoggedIn();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(state.categories));
  const loaded = categories
    .map((c) => c.name)
    .filter((name) => expanded.has(name) || state.categories.some((c) => c === name));

  const subQueries = useQueries({
    queries: loaded.map((name) => {
      const query = toExploreApiQuery(
        { ...state, categories: isOneOf(CATEGORIES, name) ? [name] : [], tags: [], currentPage: null },
        1,
      );
      return { ...exploreQuery(state.view, query, signedIn), placeholderData: undefined };
    }),
  });

  const subfiltersOf = (name: string): FilterOptionView[] | null => {
    const index = loaded.indexOf(name);
    const data = index < 0 ? undefined : subQueries[index]?.data;
    if (!data) return null;
    return data.facets.tags.map((tag) => ({ name: tag.name, label: tag.label, count: tag.count }));
  };

  const options: FilterOptionView[] = categories.map((category) => ({
    name: category.name,
    label: category.label,
    count: category.count,
    // Nothing to find under an empty category, unless it is checked (so it can be unchecked).
    disabled: category.count === 0 && !state.categories.some((name) => name === category.name),
    subfilters: subfiltersOf(category.name),
  }));

  return (
    <CheckboxGroup
      options={options}
      selection={{ parents: state.categories, subfilters: state.tags }}
      onChange={(toggle) =>
        onChange((latest) => {
          const selection = toggle({ parents: latest.categories, subfilters: latest.tags });
          return {
            categories: selection.parents.filter((name): name is Category => isOneOf(CATEGORIES, name)),
            tags: [...selection.subfilters],
          };
        })
      }
      search={search}
      expanded={expanded}
      onExpandedChange={(name, open) =>
        setExpanded((current) => {
          const next = new Set(current);
          if (open) next.add(name);
          else next.delete(name);
          return next;
        })
      }
      loading={loading}
      testId="category-filter"
    />
  );
}

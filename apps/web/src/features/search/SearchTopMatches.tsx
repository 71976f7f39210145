import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  PROFILE_LIST_PREVIEW_COUNT,
  profileLink,
  SEARCH_PAGE_SIZE,
  type SearchIndexKind,
  storefrontPath,
} from '@vitrine/domain';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../app/api-client';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { VerifiedBadge } from '../../ui/VerifiedBadge';
import styles from './SearchTopMatches.module.css';
import { searchText } from './search-api';
import type { IndexSearchAnswer, ResultOf } from './search-types';

type ProfileIndex = Extract<SearchIndexKind, 'users' | 'publishers'>;

/**
 * One profile list of the search page: the best 4 matches (001 §9 "profile list shows 4 before 'Show
 * All'"); Show All lists every match, 20 more at a time.
 */
function useProfileMatches<I extends ProfileIndex>(index: I, q: string, expanded: boolean) {
  const query = searchText(q);
  const pageSize = expanded ? SEARCH_PAGE_SIZE : PROFILE_LIST_PREVIEW_COUNT;
  return useInfiniteQuery({
    queryKey: ['profile-matches', index, query, pageSize] as const,
    queryFn: ({ pageParam, signal }) =>
      api.post<IndexSearchAnswer<ResultOf<I>>>(
        `/api/v2/indexes/${index}/search`,
        { query, page: pageParam, page_size: pageSize },
        { host: 'search', signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined),
    // The 4 stay on screen while the full list loads.
    placeholderData: keepPreviousData,
    enabled: query !== '',
  });
}

function MatchGroup({
  title,
  testId,
  total,
  expanded,
  onShowAll,
  more,
  children,
}: {
  title: string;
  testId: string;
  total: number;
  expanded: boolean;
  onShowAll: () => void;
  more: { hasMore: boolean; loading: boolean; load: () => void };
  children: ReactNode;
}) {
  return (
    <div className={styles.group} data-testid={testId}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>{children}</ul>
      {!expanded && total > PROFILE_LIST_PREVIEW_COUNT ? (
        <Button variant="ghost" size="sm" onClick={onShowAll} data-testid="show-all" loading={more.loading}>
          Show All
        </Button>
      ) : null}
      {expanded && more.hasMore ? (
        <Button variant="ghost" size="sm" onClick={more.load} data-testid="show-more" loading={more.loading}>
          Show more
        </Button>
      ) : null}
    </div>
  );
}

/** On the search page: the best matching artists and collectors, and publishers, above the results. */
export function SearchTopMatches({ q }: { q: string }) {
  const [expanded, setExpanded] = useState<Record<ProfileIndex, boolean>>({
    users: false,
    publishers: false,
  });
  const users = useProfileMatches('users', q, expanded.users);
  const publishers = useProfileMatches('publishers', q, expanded.publishers);
  const people = users.data?.pages.flatMap((page) => page.results) ?? [];
  const pubs = publishers.data?.pages.flatMap((page) => page.results) ?? [];
  if (people.length === 0 && pubs.length === 0) return null;
  const moreOf = (list: {
    hasNextPage: boolean;
    isFetching: boolean;
    fetchNextPage: () => Promise<unknown>;
  }) => ({
    hasMore: list.hasNextPage,
    loading: list.isFetching,
    load: () => void list.fetchNextPage(),
  });
  const expand = (index: ProfileIndex) => setExpanded((current) => ({ ...current, [index]: true }));
  return (
    <div className={styles.matches} data-testid="search-top-matches">
      {people.length > 0 ? (
        <MatchGroup
          title="Artists and collectors"
          testId="matches-users"
          total={users.data?.pages[0]?.meta.total_results ?? 0}
          expanded={expanded.users && !users.isPlaceholderData}
          onShowAll={() => expand('users')}
          more={moreOf(users)}
        >
          {people.map(({ item }) => (
            <li key={item.id}>
              <Link to={profileLink(item.slug)?.href ?? '/'} className={styles.match}>
                <Avatar src={item.profile_picture_url} name={item.display_name} size={28} />
                <span>{item.display_name}</span>
              </Link>
            </li>
          ))}
        </MatchGroup>
      ) : null}
      {pubs.length > 0 ? (
        <MatchGroup
          title="Publishers"
          testId="matches-publishers"
          total={publishers.data?.pages[0]?.meta.total_results ?? 0}
          expanded={expanded.publishers && !publishers.isPlaceholderData}
          onShowAll={() => expand('publishers')}
          more={moreOf(publishers)}
        >
          {pubs.map(({ item }) => (
            <li key={item.id}>
              <Link to={storefrontPath(item.slug)} className={styles.match}>
                <Avatar src={item.profile_picture_url} name={item.display_name} size={28} square />
                <span>{item.display_name}</span>
                {item.verified ? <VerifiedBadge size={14} /> : null}
              </Link>
            </li>
          ))}
        </MatchGroup>
      ) : null}
    </div>
  );
}

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  PROFILE_LIST_PREVIEW_COUNT,
  profileLink,
  type SearchIndexKind,
  storefrontPath,
} from '@vitrine/domain';
import { type ReactNode, useState } from 'react';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { VerifiedBadge } from '../../ui/VerifiedBadge';
import styles from './SearchTopMatches.module.css';
import { indexSearchPagesQuery, indexSearchQuery, searchText } from './search-api';

type ProfileIndex = Extract<SearchIndexKind, 'users' | 'publishers'>;

/**
 * One profile list of the search page: the best 4 matches (001 §9 "profile list shows 4 before 'Show
 * All'"), then every match after Show All, 20 more at a time. A new search starts with 4 again.
 */
function useProfileMatches<I extends ProfileIndex>(index: I, q: string) {
  const query = searchText(q);
  const [expandedFor, setExpandedFor] = useState<string | null>(null);
  const expanded = expandedFor === query;
  const preview = useQuery(indexSearchQuery(index, { query, page_size: PROFILE_LIST_PREVIEW_COUNT }));
  const all = useInfiniteQuery({ ...indexSearchPagesQuery(index, { query }), enabled: expanded });
  // The 4 stay on screen until the full list has arrived.
  const full = expanded && all.data ? all.data.pages.flatMap((page) => page.results) : null;
  return {
    items: full ?? preview.data?.results ?? [],
    total: preview.data?.meta.total_results ?? 0,
    showingAll: full !== null,
    showAll: () => (expanded ? void all.refetch() : setExpandedFor(query)),
    loading: expanded && all.isFetching,
    failed: expanded && all.isError,
    hasMore: full !== null && all.hasNextPage,
    loadMore: () => void all.fetchNextPage(),
  };
}

type ProfileMatches = ReturnType<typeof useProfileMatches>;

function MatchGroup({
  title,
  testId,
  list,
  children,
}: {
  title: string;
  testId: string;
  list: ProfileMatches;
  children: ReactNode;
}) {
  return (
    <div className={styles.group} data-testid={testId}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>{children}</ul>
      {list.failed ? (
        <p className={styles.error} role="alert">
          Could not load every match. Try again.
        </p>
      ) : null}
      {!list.showingAll && list.total > PROFILE_LIST_PREVIEW_COUNT ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={list.showAll}
          loading={list.loading}
          data-testid="show-all"
        >
          Show All
        </Button>
      ) : null}
      {list.hasMore ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={list.loadMore}
          loading={list.loading}
          data-testid="show-more"
        >
          Show more
        </Button>
      ) : null}
    </div>
  );
}

/** On the search page: the best matching artists and collectors, and publishers, above the results. */
export function SearchTopMatches({ q }: { q: string }) {
  const users = useProfileMatches('users', q);
  const publishers = useProfileMatches('publishers', q);
  if (users.items.length === 0 && publishers.items.length === 0) return null;
  return (
    <div className={styles.matches} data-testid="search-top-matches">
      {users.items.length > 0 ? (
        <MatchGroup title="Artists and collectors" testId="matches-users" list={users}>
          {users.items.map(({ item }) => (
            <li key={item.id}>
              <Link to={profileLink(item.slug)?.href ?? '/'} className={styles.match}>
                <Avatar src={item.profile_picture_url} name={item.display_name} size={28} />
                <span>{item.display_name}</span>
              </Link>
            </li>
          ))}
        </MatchGroup>
      ) : null}
      {publishers.items.length > 0 ? (
        <MatchGroup title="Publishers" testId="matches-publishers" list={publishers}>
          {publishers.items.map(({ item }) => (
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

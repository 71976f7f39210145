import { useQuery } from '@tanstack/react-query';
import { profileLink, storefrontPath } from '@vitrine/domain';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar';
import { VerifiedBadge } from '../../ui/VerifiedBadge';
import styles from './SearchTopMatches.module.css';
import { indexSearchQuery } from './search-api';

const TOP = 4;

/** On the search page: the best matching artists and collectors, and publishers, above the results. */
export function SearchTopMatches({ q }: { q: string }) {
  const users = useQuery(indexSearchQuery('users', { query: q, page_size: TOP }));
  const publishers = useQuery(indexSearchQuery('publishers', { query: q, page_size: TOP }));
  const people = users.data?.results ?? [];
  const pubs = publishers.data?.results ?? [];
  if (people.length === 0 && pubs.length === 0) return null;
  return (
    <div className={styles.matches} data-testid="search-top-matches">
      {people.length > 0 ? (
        <div className={styles.group}>
          <h2 className={styles.heading}>Artists and collectors</h2>
          <ul className={styles.list}>
            {people.map(({ item }) => (
              <li key={item.id}>
                <Link to={profileLink(item.slug)?.href ?? '/'} className={styles.match}>
                  <Avatar src={item.profile_picture_url} name={item.display_name} size={28} />
                  <span>{item.display_name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {pubs.length > 0 ? (
        <div className={styles.group}>
          <h2 className={styles.heading}>Publishers</h2>
          <ul className={styles.list}>
            {pubs.map(({ item }) => (
              <li key={item.id}>
                <Link to={storefrontPath(item.slug)} className={styles.match}>
                  <Avatar src={item.profile_picture_url} name={item.display_name} size={28} square />
                  <span>{item.display_name}</span>
                  {item.verified ? <VerifiedBadge size={14} /> : null}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

import { SUGGESTED_SEARCHES, suggestedSearchHref } from '@vitrine/domain';
import { Link } from 'react-router';
import styles from './SuggestedSearches.module.css';

/** Suggested-search links of the explore NFTs page (001 §2), in the spec's order. */
export function SuggestedSearches() {
  return (
    <nav className={styles.row} aria-label="Suggested searches" data-testid="suggested-searches">
      <span className={styles.label}>Try</span>
      <ul className={styles.list}>
        {SUGGESTED_SEARCHES.map((search) => (
          <li key={search.label}>
            <Link to={suggestedSearchHref(search)} className={styles.link} preventScrollReset>
              {search.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { NavLink } from 'react-router';
import styles from '../shared/ExploreTabs.module.css';
import { EXPLORE_TABS, type ExploreTab } from './useExploreState';

/** NFTs / Collections / Drops / Publishers; the search text (q) follows the visitor between tabs. */
export function ExploreTabs({ current, q }: { current: ExploreTab; q: string }) {
  const query = q ? `?q=${encodeURIComponent(q)}` : '';
  return (
    <nav className={styles.tabs} aria-label="Explore lists">
      {EXPLORE_TABS.map(({ tab, label }) => (
        <NavLink
          key={tab}
          to={`/explore/${tab}${query}`}
          className={styles.tab}
          aria-current={tab === current ? 'page' : undefined}
          data-testid={`explore-tab-${tab}`}
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

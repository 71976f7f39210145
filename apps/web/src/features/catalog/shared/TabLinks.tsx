import { Link } from 'react-router';
import styles from './ExploreTabs.module.css';

export interface TabLink {
  id: string;
  label: string;
  to: string;
}

/** Page tabs as links (the tab lives in the URL). */
export function TabLinks({
  tabs,
  current,
  label,
}: {
  tabs: readonly TabLink[];
  current: string;
  label: string;
}) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.to}
          className={styles.tab}
          aria-current={tab.id === current ? 'page' : undefined}
          preventScrollReset
          replace
          data-testid={`tab-${tab.id}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

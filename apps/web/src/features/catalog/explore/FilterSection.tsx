import { type ReactNode, useId, useState } from 'react';
import styles from './FilterSection.module.css';

export interface FilterSectionProps {
  title: string;
  children: ReactNode | ((search: string) => ReactNode);
  /** Shows a search field that narrows the section's options (001 §2 "sections with search"). */
  searchable?: boolean;
  defaultOpen?: boolean;
  /** A small note beside the title, e.g. how many are selected. */
  badge?: ReactNode;
  testId?: string;
}

/** A collapsible section of the filter sidebar. */
export function FilterSection({
  title,
  children,
  searchable = false,
  defaultOpen = true,
  badge,
  testId,
}: FilterSectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [search, setSearch] = useState('');
  const bodyId = useId();
  return (
    <section className={styles.section} data-testid={testId}>
      <h3 className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{title}</span>
          {badge ? <span className={styles.badge}>{badge}</span> : null}
          <svg className={styles.chevron} width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M6 9l6 6 6-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </h3>
      <div id={bodyId} className={styles.body} hidden={!open}>
        {searchable ? (
          <input
            type="search"
            className={styles.search}
            placeholder={`Search ${title.toLowerCase()}`}
            aria-label={`Search ${title.toLowerCase()}`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        ) : null}
        {typeof children === 'function' ? children(search.trim().toLowerCase()) : children}
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../ui/Button';
import styles from './FilterSheet.module.css';

export interface FilterSheetProps {
  open: boolean;
  onClose: () => void;
  onClearAll: () => void;
  /** '{n} Results'. */
  title: string;
  children: ReactNode;
}

/** On mobile the filters open as a sheet with Clear All and Done (001 §2). */
export function FilterSheet({ open, onClose, onClearAll, title, children }: FilterSheetProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    const wide = window.matchMedia('(min-width: 960px)');
    const onWide = () => {
      if (wide.matches) onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onWide);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWide);
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className={styles.backdrop}>
      <div
        ref={panelRef}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="filter-sheet"
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            Filters
          </h2>
          <span className={styles.count}>{title}</span>
        </div>
        <div className={styles.body}>{children}</div>
        <div className={styles.footer}>
          <Button variant="secondary" size="lg" onClick={onClearAll} data-testid="sheet-clear-all">
            Clear All
          </Button>
          <Button size="lg" onClick={onClose} data-testid="sheet-done">
            Done
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

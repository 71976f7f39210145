import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './FilterPopover.module.css';

export interface FilterPopoverProps {
  label: string;
  /** The applied value, shown on the button (e.g. '$10 - $20'); null when the filter is off. */
  summary: string | null;
  children: (close: () => void) => ReactNode;
  testId?: string;
}

/** A toolbar button that opens a filter panel; Escape or a click away closes it. */
export function FilterPopover({ label, summary, children, testId }: FilterPopoverProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target))
        setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-active={summary !== null || undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid={testId}
      >
        {label}
        {summary ? <span className={styles.summary}>{summary}</span> : null}
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M6 9l6 6 6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open ? (
        <div id={panelId} className={styles.panel}>
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}

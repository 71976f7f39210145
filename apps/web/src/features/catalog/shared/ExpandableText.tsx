import { useLayoutEffect, useRef, useState } from 'react';
import styles from './ExpandableText.module.css';

/** Text cut to 6 lines of 24px (001 §9) with Show more / Show less when it is longer. */
export function ExpandableText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && !open) setOverflows(element.scrollHeight > element.clientHeight + 1);
  }, [open]);
  return (
    <div className={styles.wrap}>
      <p ref={ref} className={`${styles.text} ${open ? '' : styles.clamped}`}>
        {text}
      </p>
      {overflows ? (
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}

import {
  type FilterOptionNode,
  type FilterTreeSelection,
  formatCount,
  parentCheckState,
  toggleParentOption,
  toggleSubfilterOption,
} from '@vitrine/domain';
import { useId } from 'react';
import { Checkbox } from '../../../ui/Checkbox';
import { Skeleton } from '../../../ui/Skeleton';
import styles from './CheckboxGroup.module.css';

/** A filter option (001 §3: name, label, count, checked, disabled, subfilters). */
export interface FilterOptionView {
  name: string;
  label: string;
  count?: number;
  disabled?: boolean;
  /** Undefined: the option has no subfilters; null: they are loading. */
  subfilters?: FilterOptionView[] | null;
}

export interface CheckboxGroupProps {
  options: readonly FilterOptionView[];
  selection: FilterTreeSelection;
  /** Gets how to change the selection, so a change builds on the latest one. */
  onChange: (toggle: (selection: FilterTreeSelection) => FilterTreeSelection) => void;
  /** Narrows the options by label (lowercase text from the section's search). */
  search?: string;
  /** Options whose subfilters are shown. */
  expanded?: ReadonlySet<string>;
  onExpandedChange?: (name: string, open: boolean) => void;
  /** Shown when no option matches. */
  emptyText?: string;
  /** The options are still loading: placeholders, not the empty text. */
  loading?: boolean;
  testId?: string;
}

const toNode = (option: FilterOptionView): FilterOptionNode => ({
  name: option.name,
  subfilters: (option.subfilters ?? []).map((sub) => sub.name),
});

/**
 * Checkbox group with counts and optional subfilters (001 §2, §4): unchecking a parent clears its
 * subfilters, checking a subfilter checks its parent, and a partial selection shows indeterminate.
 */
export function CheckboxGroup({
  options,
  selection,
  onChange,
  search = '',
  expanded,
  onExpandedChange,
  emptyText = 'No options',
  loading = false,
  testId,
}: CheckboxGroupProps) {
  const groupId = useId();
  const nodes = options.map(toNode);
  const matches = (option: FilterOptionView) =>
    search === '' ||
    option.label.toLowerCase().includes(search) ||
    (option.subfilters ?? []).some((sub) => sub.label.toLowerCase().includes(search));
  const shown = options.filter(matches);

  if (loading && options.length === 0)
    return (
      <div className={styles.empty} role="status" aria-label="Loading options" data-testid="options-loading">
        <Skeleton width="70%" />
        <Skeleton width="55%" />
        <Skeleton width="60%" />
      </div>
    );
  if (shown.length === 0) return <p className={styles.empty}>{emptyText}</p>;

  return (
    <ul className={styles.list} data-testid={testId}>
      {shown.map((option) => {
        const node = toNode(option);
        const state = parentCheckState(node, selection);
        const hasSubfilters = option.subfilters !== undefined;
        const open = hasSubfilters && (expanded?.has(option.name) ?? false);
        const subId = `${groupId}-${option.name}`;
        return (
          <li key={option.name} className={styles.item}>
            <div className={styles.row}>
              <Checkbox
                label={option.label}
                count={option.count === undefined ? undefined : formatCount(option.count)}
                checked={state === 'checked'}
                indeterminate={state === 'indeterminate'}
                disabled={option.disabled}
                onChange={() => onChange((latest) => toggleParentOption(node, latest, nodes))}
                className={styles.checkbox}
                data-testid={`filter-option-${option.name}`}
              />
              {hasSubfilters ? (
                <button
                  type="button"
                  className={styles.expand}
                  aria-expanded={open}
                  aria-controls={open ? subId : undefined}
                  aria-label={`${open ? 'Hide' : 'Show'} ${option.label} subfilters`}
                  onClick={() => onExpandedChange?.(option.name, !open)}
                >
                  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
                    <path
                      d="M6 9l6 6 6-6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.4"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              ) : null}
            </div>
            {open ? (
              <ul id={subId} className={styles.sublist} aria-label={`${option.label} subfilters`}>
                {option.subfilters === null || option.subfilters === undefined ? (
                  <li className={styles.loading}>
                    <Skeleton width="70%" />
                    <Skeleton width="50%" />
                  </li>
                ) : option.subfilters.length === 0 ? (
                  <li className={styles.empty}>No subfilters</li>
                ) : (
                  option.subfilters.map((sub) => (
                    <li key={sub.name}>
                      <Checkbox
                        label={sub.label}
                        count={sub.count === undefined ? undefined : formatCount(sub.count)}
                        checked={selection.subfilters.includes(sub.name)}
                        disabled={sub.disabled}
                        onChange={() => onChange((latest) => toggleSubfilterOption(node, sub.name, latest))}
                        data-testid={`filter-suboption-${option.name}-${sub.name}`}
                      />
                    </li>
                  ))
                )}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

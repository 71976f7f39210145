// Checkbox groups with subfilters (001 §3 "Filter option: name, label, count, checked, disabled,
// subfilters"; §4 "Filter checkbox: unchecking a parent clears its subfilters; checking a subfilter checks
// its parent; partial selection shows indeterminate").

export interface FilterOptionNode {
  name: string;
  /** Names of the option's subfilters (may be empty). */
  subfilters: readonly string[];
}

/** What is checked: parent option names and subfilter names (explore: categories and tags). */
export interface FilterTreeSelection {
  parents: readonly string[];
  subfilters: readonly string[];
}

export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

/**
 * How a parent checkbox shows: indeterminate while some but not all of its subfilters are checked; else
 * checked when the parent itself (or every one of its subfilters) is checked; else unchecked.
 */
export function parentCheckState(option: FilterOptionNode, selection: FilterTreeSelection): CheckState {
  const checkedSubs = option.subfilters.filter((name) => selection.subfilters.includes(name)).length;
  if (checkedSubs > 0 && checkedSubs < option.subfilters.length) return 'indeterminate';
  if (selection.parents.includes(option.name)) return 'checked';
  if (option.subfilters.length > 0 && checkedSubs === option.subfilters.length) return 'checked';
  return 'unchecked';
}

/**
 * Toggles a parent: checking adds it; unchecking (also from indeterminate) removes it and clears its
 * subfilters, except those that are also subfilters of another still-checked parent.
 */
export function toggleParentOption(
  option: FilterOptionNode,
  selection: FilterTreeSelection,
  allOptions: readonly FilterOptionNode[] = [option],
): FilterTreeSelection {
  const state = parentCheckState(option, selection);
  if (state === 'unchecked') {
    return { parents: [...selection.parents, option.name], subfilters: [...selection.subfilters] };
  }
  const parents = selection.parents.filter((name) => name !== option.name);
  const keptElsewhere = new Set(
    allOptions.filter((other) => parents.includes(other.name)).flatMap((other) => other.subfilters),
  );
  const subfilters = selection.subfilters.filter(
    (name) => !option.subfilters.includes(name) || keptElsewhere.has(name),
  );
  return { parents, subfilters };
}

/** Toggles a subfilter: checking it also checks its parent; unchecking leaves the parent checked. */
export function toggleSubfilterOption(
  parent: FilterOptionNode,
  subfilter: string,
  selection: FilterTreeSelection,
): FilterTreeSelection {
  if (selection.subfilters.includes(subfilter)) {
    return {
      parents: [...selection.parents],
      subfilters: selection.subfilters.filter((name) => name !== subfilter),
    };
  }
  const parents = selection.parents.includes(parent.name)
    ? [...selection.parents]
    : [...selection.parents, parent.name];
  return { parents, subfilters: [...selection.subfilters, subfilter] };
}

import { describe, expect, it } from 'vitest';
import { parentCheckState, toggleParentOption, toggleSubfilterOption } from './filter-tree';

const art = { name: 'art', subfilters: ['Photography', '3D'] };
const collectibles = { name: 'collectibles', subfilters: ['PFP', 'Photography'] };
const all = [art, collectibles];

describe('checkbox groups with subfilters (001 §4 "Filter checkbox")', () => {
  it('shows a partial selection as indeterminate', () => {
    expect(parentCheckState(art, { parents: ['art'], subfilters: ['3D'] })).toBe('indeterminate');
    expect(parentCheckState(art, { parents: [], subfilters: ['3D'] })).toBe('indeterminate');
    expect(parentCheckState(art, { parents: ['art'], subfilters: [] })).toBe('checked');
    expect(parentCheckState(art, { parents: ['art'], subfilters: ['3D', 'Photography'] })).toBe('checked');
    expect(parentCheckState(art, { parents: [], subfilters: [] })).toBe('unchecked');
  });

  it('checking a subfilter checks its parent', () => {
    expect(toggleSubfilterOption(art, '3D', { parents: [], subfilters: [] })).toEqual({
      parents: ['art'],
      subfilters: ['3D'],
    });
    expect(toggleSubfilterOption(art, '3D', { parents: ['art'], subfilters: ['3D'] })).toEqual({
      parents: ['art'],
      subfilters: [],
    });
  });

  it('unchecking a parent clears its subfilters but keeps those of another checked parent', () => {
    expect(
      toggleParentOption(
        art,
        { parents: ['art', 'collectibles'], subfilters: ['3D', 'Photography', 'X'] },
        all,
      ),
    ).toEqual({ parents: ['collectibles'], subfilters: ['Photography', 'X'] });
    expect(toggleParentOption(art, { parents: ['art'], subfilters: ['3D'] })).toEqual({
      parents: [],
      subfilters: [],
    });
  });

  it('checking an unchecked parent adds it', () => {
    expect(toggleParentOption(art, { parents: [], subfilters: ['PFP'] }, all)).toEqual({
      parents: ['art'],
      subfilters: ['PFP'],
    });
  });
});

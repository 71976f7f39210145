import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchWords } from './search-text';

describe('normalizeSearchText (001 §5: search text is lowercased)', () => {
  it('lowercases, removes accents and turns punctuation into single spaces', () => {
    expect(normalizeSearchText('  Mira SOLÍS, “Neon”  Tides! ')).toBe('mira solis neon tides');
    expect(normalizeSearchText('Façade, Zuidplein')).toBe('facade zuidplein');
    expect(normalizeSearchText('Søren Łukasz')).toBe('soren lukasz');
    expect(normalizeSearchText('vitrine_curated')).toBe('vitrine curated');
  });

  it('keeps letters of other scripts and digits', () => {
    expect(normalizeSearchText('東京 No. 7')).toBe('東京 no 7');
  });

  it('gives an empty text for punctuation only', () => {
    expect(normalizeSearchText(' %_&*() ')).toBe('');
  });
});

describe('searchWords', () => {
  it('splits the folded text into at most 8 words', () => {
    expect(searchWords('Mira  Solsi')).toEqual(['mira', 'solsi']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('   ')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { titleStack } from './document-title';

describe('document title', () => {
  it('shows the newest title, and the one before it when the newest goes', () => {
    const doc = { title: 'Vitrine' };
    const show = titleStack(doc);
    const hideExplore = show('Explore · Vitrine');
    expect(doc.title).toBe('Explore · Vitrine');
    const hideError = show('Something went wrong · Vitrine');
    expect(doc.title).toBe('Something went wrong · Vitrine');
    hideError();
    expect(doc.title).toBe('Explore · Vitrine');
    hideExplore();
    expect(doc.title).toBe('Vitrine');
  });

  it('keeps the newest title when an older one goes first', () => {
    const doc = { title: 'Vitrine' };
    const show = titleStack(doc);
    const hideOld = show('Old · Vitrine');
    const hideNew = show('New · Vitrine');
    hideOld();
    expect(doc.title).toBe('New · Vitrine');
    hideNew();
    hideNew();
    expect(doc.title).toBe('Vitrine');
  });
});

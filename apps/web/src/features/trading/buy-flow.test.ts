import { describe, expect, it } from 'vitest';
import { checkoutMode, POPUP_HEIGHT, POPUP_WIDTH, popupFeatures } from './buy-flow';

const click = (o: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...o,
});

describe('Buy Now checkout mode (decision 009 "Buy flow")', () => {
  it('opens the page in the same tab by default', () => {
    expect(checkoutMode(click(), false)).toBe('navigate');
  });
  it('opens the modal when the local-storage test flag is on', () => {
    expect(checkoutMode(click(), true)).toBe('modal');
  });
  it('opens the pop-up window for a new-window click, flag or not', () => {
    for (const key of ['shiftKey', 'ctrlKey', 'metaKey'] as const) {
      expect(checkoutMode(click({ [key]: true }), false)).toBe('popup');
      expect(checkoutMode(click({ [key]: true }), true)).toBe('popup');
    }
  });
  it('asks for a 700x700 window centred on the opener', () => {
    expect(POPUP_WIDTH).toBe(700);
    expect(POPUP_HEIGHT).toBe(700);
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1300, outerHeight: 900 })).toBe(
      'popup=yes,width=700,height=700,left=400,top=150',
    );
  });
});

// How Buy Now opens the checkout (000 §2 "(new tab or same tab)", §4 "A test flag in local storage
// switches buying to the checkout modal", §9 "Pop-up checkout window 700x700 with a 2-second
// close-check"); the rule is decision 009 "Buy flow".
import { readStorage } from '../../lib/storage';

/** localStorage key of the checkout-modal test flag: '1' opens the checkout in a dialog over the item. */
export const CHECKOUT_MODAL_FLAG = 'vitrine.checkoutModal';

export const POPUP_WIDTH = 700;
export const POPUP_HEIGHT = 700;
/** How often the item page checks whether the pop-up checkout was closed. */
export const POPUP_CLOSE_CHECK_MS = 2000;
/** 000 §4, §9: the purchase intent's status is polled every 5000 ms while signed in. */
export const STATUS_POLL_MS = 5000;

/** A refused card, where the form shows it above the card's fields. */
export const DECLINED_CARD_RETRY = 'Your card was declined. Check the details or try another card.';
/** 000 §8's advice after a declined card ("check fields and contact support"), wherever a card is refused. */
export const DECLINED_CARD_ADVICE =
  'Please check your payment details and try again, or contact support if the problem continues.';

export type CheckoutMode = 'navigate' | 'modal' | 'popup';

export function checkoutModalFlag(): boolean {
  return readStorage('local', CHECKOUT_MODAL_FLAG) === '1';
}

/**
 * Buy Now's checkout: a click with Shift, Ctrl or ⌘ (what asks a browser for a new window) opens the
 * pop-up window; otherwise the test flag opens the modal; otherwise the page opens in the same tab.
 */
export function checkoutMode(
  click: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean },
  modalFlag: boolean,
): CheckoutMode {
  if (click.shiftKey || click.ctrlKey || click.metaKey) return 'popup';
  return modalFlag ? 'modal' : 'navigate';
}

/** The pop-up's window features: 700x700, centred on the opener's window. */
export function popupFeatures(opener: {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}) {
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

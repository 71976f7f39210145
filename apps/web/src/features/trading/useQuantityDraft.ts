// The quantity field of a drop's checkout (001 §5 quantity selector, the quantity-limit panel of 000 §5): what is
// typed, its change of the intent's quantity, and where it stands against what Pay may pay for.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrimaryNifty } from '@vitrine/domain/trading-responses';
import { useEffect, useRef, useState } from 'react';
import { type PurchaseIntent, tradingApi, tradingKeys } from './trading-api';

/**
 * Where the quantity field stands: `settled`, the intent's quantity; `typed`, a quantity that can be bought
 * (1..the most allowed) and is not the intent's yet, or is on its way to be (`apply` makes it the intent's and
 * answers the intent; one press of Pay pays for it); `unpayable`, typed but not a quantity that can be bought as it
 * is (empty, 0, above the most allowed: corrected when the field is left); `asking`, more than remain was asked and
 * 'Only {n} Remaining!' waits on the buyer's word.
 */
export type QuantityState =
  | { kind: 'settled' }
  | { kind: 'typed'; quantity: number; apply: () => Promise<PurchaseIntent> }
  | { kind: 'unpayable' }
  | { kind: 'asking' };

export function useQuantityDraft(intent: PurchaseIntent, nifty: PrimaryNifty) {
  const queryClient = useQueryClient();
  const max = nifty.allowedQuantity;
  const [draft, setDraft] = useState(String(intent.requestedQuantity));
  // A quantity typed above what remains, waiting on the buyer's word: mint the rest, or keep what was chosen.
  const [over, setOver] = useState<number | null>(null);
  const open = intent.paymentState === 'pending' || intent.paymentState === 'requires_action';
  const change = useMutation({
    mutationFn: (quantity: number) => tradingApi.setQuantity(intent.purchaseIntentId, quantity),
    onSuccess: (answer) => {
      queryClient.setQueryData(tradingKeys.purchaseIntent(intent.purchaseIntentId), answer);
      setDraft(String(answer.requestedQuantity));
    },
    onError: () => {
      setDraft(String(intent.requestedQuantity));
      void queryClient.invalidateQueries({ queryKey: tradingKeys.purchaseIntent(intent.purchaseIntentId) });
    },
  });
  // The intent's quantity changed elsewhere (another tab; re-read after a refused payment): shown here too.
  const pendingChange = change.isPending;
  useEffect(() => {
    if (pendingChange) return;
    setDraft(String(intent.requestedQuantity));
    // A question about a quantity typed before is moot once the quantity changed.
    setOver(null);
  }, [intent.requestedQuantity, pendingChange]);

  // One change per quantity: leaving the field and pressing Pay (which leaves it) send one request, and Pay waits
  // for that one's answer.
  const latest = useRef(intent);
  latest.current = intent;
  const inFlight = useRef<{ quantity: number; answer: Promise<PurchaseIntent> } | null>(null);
  const apply = (quantity: number): Promise<PurchaseIntent> => {
    const sent = inFlight.current;
    if (sent?.quantity === quantity) return sent.answer;
    if (!sent && latest.current.requestedQuantity === quantity) return Promise.resolve(latest.current);
    const answer = change.mutateAsync(quantity);
    inFlight.current = { quantity, answer };
    const done = () => {
      if (inFlight.current?.answer === answer) inFlight.current = null;
    };
    answer.then(done, done);
    return answer;
  };

  /** The quantity asked for (the stepper, or the field left or Entered): applied, corrected, or asked about. */
  const set = (value: number) => {
    const asked = Math.max(1, Math.round(value));
    // More than remain (000 §5 quantity-limit panel): 'Only {n} Remaining!' with a confirm to mint the rest,
    // rather than a quantity changed behind the buyer's back. Other limits clamp, their reason shown below.
    if (asked > max && nifty.quantityLimit === 'remaining') {
      setDraft(String(asked));
      setOver(asked);
      return;
    }
    setOver(null);
    const q = Math.min(asked, max);
    setDraft(String(q));
    // Its failure is said by the field (the change's error); a payment waiting on it says nothing more.
    if (q !== intent.requestedQuantity) apply(q).catch(() => undefined);
  };

  const stateNow = (): QuantityState => {
    if (!open || max < 1) return { kind: 'settled' };
    if (over !== null) return { kind: 'asking' };
    const sending = change.isPending ? change.variables : undefined;
    if (sending !== undefined) return { kind: 'typed', quantity: sending, apply: () => apply(sending) };
    const typed = /^\d+$/.test(draft) ? Number(draft) : Number.NaN;
    if (typed === intent.requestedQuantity) return { kind: 'settled' };
    if (Number.isSafeInteger(typed) && typed >= 1 && typed <= max)
      return { kind: 'typed', quantity: typed, apply: () => apply(typed) };
    return { kind: 'unpayable' };
  };
  const state = stateNow();

  return {
    /** The field's text. */
    draft,
    /**
     * Typing: nothing applied yet. Kept as typed (QA 2026-12-07: '2.5' read as 25 once its dot was dropped); what is
     * not a whole number is said so at the field (`unpayable`).
     */
    type: (text: string) => setDraft(text.trim()),
    /**
     * Leaving the field (or Enter): a whole number is applied, clamped to 1..the most allowed (001 §5); anything else
     * stays as typed, with its message, and nothing is changed behind the buyer's back.
     */
    commit: () => {
      if (/^\d+$/.test(draft)) set(Number(draft));
    },
    /** The most that may be asked for now. */
    max,
    set,
    /** The quantity asked for above what remains, while 'Only {n} Remaining!' asks about it. */
    over,
    /** Keep the intent's quantity: the question goes. */
    keep: () => {
      setOver(null);
      setDraft(String(intent.requestedQuantity));
    },
    busy: change.isPending,
    error: change.error,
    state,
  };
}

export type QuantityDraft = ReturnType<typeof useQuantityDraft>;

// A card's verification (3-D Secure) taken where the payer makes a promise to pay: an offer, a bid, a drawing
// entry (decision 009 "Verified cards"). The API answered that the bank asks first; `start` opens the verification
// dialog; Complete verification runs the bank's step (Stripe.js with Stripe's client secret; nothing to run with
// the simulated processor), then `send` finishes what was asked (opens the offer, sends the bid or the entry
// again). One Idempotency-Key per pending step until an answer says what happened, so a press whose answer was lost
// is sent again as the same request; a key is never reused for another step.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { outcomeKnown } from '../../app/action-key';
import { isApiError } from '../../app/api-client';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { CardActionDialog } from './CardActionDialog';
import { passCardStep } from './stripe-card';

/** A step waiting: what identifies it to the API (`id`), and Stripe's client secret (null with the simulator). */
export interface PendingStep {
  id: number;
  secret: string | null;
}

export function useCardVerification<P extends PendingStep, R>({
  send,
  onAnswer,
  onRefused,
  onAbandon,
  notDone,
  notSure = notDone,
  finish,
  testId,
}: {
  /** Finishes what the verification was for, under `key`. */
  send: (pending: P, key: string) => Promise<R>;
  /** The API's answer to `send`: the dialog has closed. */
  onAnswer: (answer: R, pending: P) => void | Promise<void>;
  /** A refusal for good (declined, outbid meanwhile, closed): the dialog has closed; `error` says why. */
  onRefused?: (error: unknown) => void;
  /** Closed without completing (the API lets the step go by itself; an offer is cancelled at once). */
  onAbandon?: (pending: P) => void;
  /** What the form says once the dialog was closed without completing. */
  notDone: string;
  /**
   * What it says when it was closed after a Complete whose answer never came (it may have gone through): the
   * caller reads what it shows again (`onAbandon`).
   */
  notSure?: string;
  /** What completing does, for the dialog's text ('place your bid of $25.00'). */
  finish: (pending: P) => string;
  testId: string;
}) {
  const [waiting, setWaiting] = useState<P | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const key = useRef<{ id: number; key: string } | null>(null);
  const once = useSubmitOnce();
  const verify = useMutation({
    mutationFn: async (pending: P) => {
      await passCardStep(pending.secret);
      if (key.current?.id !== pending.id) key.current = { id: pending.id, key: crypto.randomUUID() };
      return send(pending, key.current.key);
    },
    onSuccess: async (answer, pending) => {
      key.current = null;
      setWaiting(null);
      await onAnswer(answer, pending);
    },
    onError: (error) => {
      // No answer that says what happened (the network, a 5xx, the press still in progress, Stripe.js not loaded):
      // the step stays, and pressing again sends the same request.
      if (!outcomeKnown(error)) return;
      key.current = null;
      // Not confirmed by the bank yet: the step stays, to be completed.
      if (isApiError(error) && error.errorType === 'payment-requires-action') return;
      setWaiting(null);
      onRefused?.(error);
    },
  });
  const abandon = () => {
    if (once.busy() || !waiting) return;
    const pending = waiting;
    const unknown = verify.isError && !outcomeKnown(verify.error);
    setWaiting(null);
    key.current = null;
    verify.reset();
    setNotice(unknown ? notSure : notDone);
    onAbandon?.(pending);
  };
  return {
    /** Opens the dialog for a step the API asked for. */
    start: (pending: P) => {
      setNotice(null);
      verify.reset();
      setWaiting(pending);
    },
    /** Whether a step is open (what it is for is not done yet). */
    waiting: waiting !== null,
    /** The refusal once the dialog has closed (not while it is open: it shows its own). */
    error: waiting ? null : verify.error,
    /** Said after the dialog was closed without completing; `clear` when the next try starts. */
    notice,
    clear: () => {
      setNotice(null);
      if (!waiting) verify.reset();
    },
    setNotice,
    dialog: (
      <CardActionDialog
        open={waiting !== null}
        onClose={abandon}
        onConfirm={() => {
          if (waiting) once.send(verify, waiting);
        }}
        loading={verify.isPending}
        error={waiting && verify.isError ? verify.error.message : null}
        finish={waiting ? finish(waiting) : ''}
        testId={testId}
      />
    ),
  };
}

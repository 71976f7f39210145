import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCents, STUDIO_MESSAGES } from '@vitrine/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FormAlert } from '../../ui/FormAlert';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { RequireAuth } from '../auth/RequireAuth';
import { DECLINED_CARD_RETRY } from '../trading/buy-flow';
import { CardActionDialog } from '../trading/CardActionDialog';
import { CardFields } from '../trading/CardFields';
import { passCardStep, stripeCards } from '../trading/stripe-card';
import { tradingApi } from '../trading/trading-api';
import { useCardForm } from '../trading/useCardForm';
import styles from './Studio.module.css';
import {
  type PublisherFee,
  type PublisherFeeAnswer,
  type PublisherFeeMethod,
  studioApi,
  studioKeys,
} from './studio-api';
import { publishOutcome } from './studio-model';

/**
 * `/publish-drop/{collectionTemplate}/?piid={publisherFeeId}` (000 §2, 001 §2): the drop's publisher fee, paid
 * by card or from the balance, then the drop is published with 001 §8's messages (decision 017).
 */
export function PublishDropPage() {
  return (
    <Page
      title="Publish your drop"
      description="Pay the publisher fee to publish this drop."
      testId="publish-drop-page"
    >
      <RequireAuth>
        <PublishDrop />
      </RequireAuth>
    </Page>
  );
}

type Notice = { tone: 'success' | 'error'; title: string; detail?: string };

function PublishDrop() {
  const { collectionTemplate = '' } = useParams();
  const [params] = useSearchParams();
  const feeId = Number(params.get('piid'));
  const fee = useQuery({
    queryKey: studioKeys.publisherFee(feeId),
    queryFn: ({ signal }) => studioApi.publisherFee(feeId, signal),
    enabled: Number.isInteger(feeId) && feeId > 0,
    // 000 §9 / 001 §9: the publisher fee stays cached 300000 ms.
    staleTime: 300_000,
  });
  if (!Number.isInteger(feeId) || feeId <= 0) {
    return <FormAlert testId="publish-fee-missing">This page needs a publisher fee (piid).</FormAlert>;
  }
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (fee.data === undefined) {
    if (!fee.isError) return <Skeleton width={320} height={120} />;
    return (
      <ErrorFallback
        title="We couldn't load the publisher fee."
        message={fee.error.message}
        onRetry={() => void fee.refetch()}
        retrying={fee.isFetching}
        testId="publish-fee-error"
      />
    );
  }
  const found = fee.data.publisherFee;
  if (String(found.collectionTemplate) !== collectionTemplate) {
    return <FormAlert testId="publish-fee-mismatch">This publisher fee belongs to another drop.</FormAlert>;
  }
  return <FeeAndPublish fee={found} waiting={fee.data.stripePaymentIntent !== undefined} />;
}

function FeeAndPublish({ fee, waiting }: { fee: PublisherFee; waiting: boolean }) {
  const queryClient = useQueryClient();
  // A card that needs a second step (3-D Secure): the fee waits until the payer confirms it (as checkout).
  const [needsAction, setNeedsAction] = useState(waiting);
  // With Stripe, the client secret Stripe.js runs the bank's step with: the pay answer's (else read when needed).
  const stepSecret = useRef<string | null>(null);
  const [method, setMethod] = useState<PublisherFeeMethod>('stripe_card');
  const [notice, setNotice] = useState<Notice | null>(null);
  const editor = `/publishers/${encodeURIComponent(fee.publisherSlug)}/drops/${fee.collectionTemplate}`;

  const publish = useMutation({
    mutationFn: () => studioApi.publish(fee.publisherSlug, fee.collectionTemplate),
    onSuccess: () => {
      setNotice({ tone: 'success', title: STUDIO_MESSAGES.publishSucceeded });
      void queryClient.invalidateQueries({ queryKey: studioKeys.drops(fee.publisherSlug) });
    },
    onError: (error) => {
      const outcome = publishOutcome(error);
      if (outcome.kind === 'server') {
        setNotice({
          tone: 'error',
          title: STUDIO_MESSAGES.publishServerErrorTitle,
          detail: STUDIO_MESSAGES.publishServerErrorDetail,
        });
      } else if (outcome.kind === 'invalid') {
        setNotice({
          tone: 'error',
          title: STUDIO_MESSAGES.publishFailedTitle,
          detail: STUDIO_MESSAGES.publishFailedDetail,
        });
      } else {
        setNotice({
          tone: 'error',
          title: isApiError(error) ? error.message : 'The drop was not published.',
        });
      }
    },
  });
  const pay = useMutation({
    mutationFn: async (input: {
      method: PublisherFeeMethod;
      card?: Parameters<typeof tradingApi.tokenizeCard>[0];
    }) => {
      // A step this payment opens is its own: the last one's secret must not run it.
      stepSecret.current = null;
      // The card goes to the processor only; the fee's pay call carries its token.
      const token = input.card ? (await tradingApi.tokenizeCard(input.card)).id : undefined;
      return studioApi.payPublisherFee(fee.publisherFeeId, input.method, token);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(studioKeys.publisherFee(fee.publisherFeeId), answer);
      card.reset();
      paidOrWaiting(answer);
    },
  });
  const paidOrWaiting = (answer: PublisherFeeAnswer) => {
    if (answer.publisherFee.paymentState === 'paid') {
      setNeedsAction(false);
      publish.mutate();
    } else if (answer.stripePaymentIntent?.status === 'requires_action') {
      stepSecret.current = answer.stripePaymentIntent.clientSecret;
      setNeedsAction(true);
    }
  };
  const complete = useMutation({
    mutationFn: async () => {
      // With Stripe, the bank's step runs in the browser first, with the pay answer's secret, else the fee's now.
      if (stripeCards()) {
        const secret =
          stepSecret.current ??
          (await studioApi.publisherFee(fee.publisherFeeId)).stripePaymentIntent?.clientSecret;
        await passCardStep(secret);
      }
      return studioApi.completePublisherFee(fee.publisherFeeId);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(studioKeys.publisherFee(fee.publisherFeeId), answer);
      paidOrWaiting(answer);
    },
    onError: () => {
      stepSecret.current = null;
      setNeedsAction(false);
    },
  });
  const failure = pay.error ?? complete.error;
  // A refused card shows at its fields, not above the form.
  const card = useCardForm(failure);
  const paid = fee.paymentState === 'paid';
  // A double click pays the fee (or publishes) once: the second click sends nothing while the first is in flight.
  const once = useSubmitOnce();
  const busy = pay.isPending || publish.isPending || complete.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    complete.reset();
    if (paid) {
      once.send(publish, undefined);
      return;
    }
    if (method === 'balance') {
      card.clearChecked();
      once.send(pay, { method });
      return;
    }
    const read = card.check();
    if (!read) return;
    card.sending();
    once.send(pay, { method, card: read });
  };
  const payError = card.atFields ? null : failure;
  const declined = isApiError(payError) && payError.errorType === 'card_declined';

  return (
    <form className={styles.feePage} onSubmit={submit} noValidate data-testid="publish-fee-form">
      <div>
        <p>Publisher fee</p>
        <p className={styles.feeAmount} data-testid="publish-fee-amount">
          {formatCents(fee.amountInCents)}
        </p>
        <p data-testid="publish-fee-state">
          {paid ? 'Paid. Your drop can be published.' : 'Paid once per drop, before it is first published.'}
        </p>
      </div>
      {paid ? null : (
        <>
          <fieldset className={styles.feeMethods} disabled={busy}>
            <legend>Payment method</legend>
            <label>
              <input
                type="radio"
                name="feeMethod"
                value="stripe_card"
                checked={method === 'stripe_card'}
                onChange={() => setMethod('stripe_card')}
                data-testid="fee-method-card"
              />{' '}
              Credit or debit card
            </label>
            <label>
              <input
                type="radio"
                name="feeMethod"
                value="balance"
                checked={method === 'balance'}
                onChange={() => setMethod('balance')}
                data-testid="fee-method-balance"
              />{' '}
              Account balance
            </label>
          </fieldset>
          {method === 'stripe_card' ? (
            <CardFields
              value={card.value}
              onChange={card.change}
              errors={card.errors}
              disabled={busy}
              namePrefix="fee"
              testId="fee-card-form"
            />
          ) : null}
        </>
      )}
      {payError ? (
        <FormAlert testId="fee-pay-error">{declined ? DECLINED_CARD_RETRY : payError.message}</FormAlert>
      ) : null}
      {notice ? (
        <FormAlert tone={notice.tone} testId="publish-notice">
          <strong>{notice.title}</strong>
          {notice.detail ? ` ${notice.detail}` : null}
        </FormAlert>
      ) : null}
      <div>
        {notice?.tone === 'success' ? null : (
          <Button type="submit" loading={busy} data-testid="pay-fee-and-publish">
            {paid ? 'Publish' : `Pay ${formatCents(fee.amountInCents)} and publish`}
          </Button>
        )}{' '}
        <ButtonLink to={editor} variant="secondary" data-testid="back-to-editor">
          Back to the drop editor
        </ButtonLink>
      </div>
      <CardActionDialog
        open={needsAction && !paid}
        onClose={() => setNeedsAction(false)}
        loading={complete.isPending}
        onConfirm={() => once.send(complete, undefined)}
        finish="pay the publisher fee and publish your drop"
        testId="fee-card-action-dialog"
      />
    </form>
  );
}

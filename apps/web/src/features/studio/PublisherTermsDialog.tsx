import { useMutation, useQuery } from '@tanstack/react-query';
import { ERROR_TYPES } from '@vitrine/domain';
import { isApiError } from '../../app/api-client';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { Skeleton } from '../../ui/Skeleton';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { Markdown } from '../terms/Markdown';
import styles from './Studio.module.css';
import { studioApi, studioKeys } from './studio-api';

/** 001 §8 "Terms". */
export const PUBLISHER_TERMS_FETCH_FAILED = 'Sorry, we ran into a problem retrieving Terms of Service';
export const PUBLISHER_TERMS_AGREE_FAILED = 'Sorry, we ran into a problem with agreeing to Terms of Service';
export const PUBLISHER_TERMS_AGREED = 'Thanks for agreeing to our Terms of Service!';

/** 001 §8: an agree failure shows the fixed text, except an unknown-error carrying its own message. */
function agreeError(error: unknown): string {
  if (isApiError(error) && error.errorType === ERROR_TYPES.unknown && error.message) return error.message;
  return PUBLISHER_TERMS_AGREE_FAILED;
}

function termsText(answer: unknown): string {
  const first = Array.isArray(answer) ? answer[0] : answer;
  if (first && typeof first === 'object') {
    const record = first as Record<string, unknown>;
    for (const key of ['markdown', 'text', 'content', 'body']) {
      if (typeof record[key] === 'string' && record[key] !== '') return record[key] as string;
    }
  }
  return '';
}

/**
 * The publisher agreement (001 §2, §6): 'Publishers Terms and Conditions' with Cancel and 'I agree', needed
 * once per publisher before Publish. `onAgreed` runs after the agreement is recorded.
 */
export function PublisherTermsDialog({
  slug,
  open,
  onClose,
  onAgreed,
}: {
  slug: string;
  open: boolean;
  onClose: () => void;
  onAgreed: () => void;
}) {
  const terms = useQuery({
    queryKey: studioKeys.terms(),
    queryFn: ({ signal }) => studioApi.publisherTerms(signal),
    enabled: open,
    retry: false,
  });
  // A double click on 'I agree' agrees once (and goes on to the fee once): the second click sends nothing
  // while the first is in flight.
  const once = useSubmitOnce();
  const agree = useMutation({ mutationFn: () => studioApi.approveTos(slug), onSuccess: onAgreed });
  const text = terms.data === undefined ? '' : termsText(terms.data);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Publishers Terms and Conditions"
      width={640}
      loading={agree.isPending}
      confirmLabel="I agree"
      confirmDisabled={terms.isPending}
      onConfirm={() => once.send(agree, undefined)}
      testId="publisher-terms-dialog"
    >
      {terms.isError ? (
        <FormAlert testId="publisher-terms-fetch-error">{PUBLISHER_TERMS_FETCH_FAILED}</FormAlert>
      ) : terms.isPending ? (
        <Skeleton height={160} />
      ) : (
        <div className={styles.terms}>
          {text ? (
            <Markdown source={text} />
          ) : (
            <p>
              Publishers earn 90% of primary sales and the platform takes 10%, with transaction fees deducted.
            </p>
          )}
        </div>
      )}
      {agree.isError ? (
        <FormAlert testId="publisher-terms-agree-error">{agreeError(agree.error)}</FormAlert>
      ) : null}
    </Dialog>
  );
}

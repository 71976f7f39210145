import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@vitrine/domain';
import { useId, useState } from 'react';
import { useLoggedIn } from '../../app/useLoggedIn';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { MY_OFFERS_PATH } from '../auth/paths';
import { formatDate } from '../catalog/shared/time-format';
import { useRequireSignIn } from '../social/useRequireSignIn';
import { useCreateOffer } from './MakeOfferButton';
import { OfferForm } from './OfferForm';
import styles from './Offers.module.css';
import { OFFER_TRAITS, type Offer, type OfferTrait, offerKeys, offersApi } from './offers-api';

const TRAIT_VALUE = /^\d{1,9}$/;

/**
 * Attribute offers on a collection page (000 §3 bid order, decision 009 "Offers"): where the collection's NFTs
 * carry a trait an offer can name (a mass), an offer for any NFT of the collection with that trait's value;
 * any owner of a matching NFT may accept it. Nothing shows for a collection without traits.
 */
export function AttributeOffers({
  contractAddress,
  className,
}: {
  contractAddress: string;
  className?: string;
}) {
  const traits = useQuery({
    queryKey: offerKeys.traits(contractAddress),
    queryFn: ({ signal }) => offersApi.tokensWithTraits(contractAddress, signal),
    staleTime: 5 * 60_000,
  });
  if (!traits.data) return null;
  return (
    <section className={className} aria-label="Attribute offers" data-testid="attribute-offers">
      <h2>Attribute offers</h2>
      <p className={styles.muted}>
        Offer on any NFT of this collection with a trait you choose: any owner of a matching NFT may accept
        it.
      </p>
      <AttributeOfferForm contractAddress={contractAddress} />
    </section>
  );
}

function AttributeOfferForm({ contractAddress }: { contractAddress: string }) {
  const signedIn = useLoggedIn();
  const formId = useId();
  const [open, setOpen] = useState(false);
  // Signed out, the form opens once the visitor has signed in and is back on this page.
  const requireSignIn = useRequireSignIn({
    key: `attribute-offer:${contractAddress}`,
    run: () => setOpen(true),
  });
  const [trait, setTrait] = useState<OfferTrait>('mass');
  const [value, setValue] = useState('');
  const [valueError, setValueError] = useState<string | null>(null);
  const [made, setMade] = useState<Offer | null>(null);
  const { busy, submit, error, failure, answered, dialogs } = useCreateOffer(setMade);

  if (made) {
    return (
      <FormAlert tone="success" testId="attribute-offer-made">
        Your offer of {formatCents(made.amountInCents)} for {made.attribute?.trait_type ?? trait}{' '}
        {made.attribute?.value ?? value} is open until {formatDate(made.expiresAt)}. You can see and cancel it
        under <Link to={MY_OFFERS_PATH}>My offers</Link>.
      </FormAlert>
    );
  }
  if (!open || !signedIn) {
    return (
      <Button
        variant="secondary"
        onClick={() => {
          if (requireSignIn()) setOpen(true);
        }}
        data-testid="attribute-offer-open"
      >
        Make Attribute Offer
      </Button>
    );
  }
  const trimmed = value.trim();
  return (
    <div className={styles.form} data-testid="attribute-offer-form">
      <div className={styles.cardRow}>
        <SelectField
          name="offerTrait"
          label="Trait"
          value={trait}
          onChange={(event) => setTrait(event.target.value as OfferTrait)}
          disabled={busy}
        >
          {OFFER_TRAITS.map((t) => (
            <option key={t.key} value={t.key}>
              {t.label}
            </option>
          ))}
        </SelectField>
        <TextField
          name="offerTraitValue"
          label="Value"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={valueError}
          disabled={busy}
        />
      </div>
      <OfferForm
        target={{ type: 'attribute', contractAddress, attribute: { trait_type: trait, value: trimmed } }}
        formId={formId}
        onSubmit={(prepare) => {
          if (!TRAIT_VALUE.test(trimmed)) {
            setValueError('Enter the trait value as a whole number, like 42');
            return;
          }
          setValueError(null);
          submit(prepare);
        }}
        error={error}
        failure={failure}
        answered={answered}
        busy={busy}
      />
      <Button type="submit" form={formId} loading={busy} data-testid="attribute-offer-submit">
        Make Attribute Offer
      </Button>
      {dialogs}
    </div>
  );
}

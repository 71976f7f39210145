import { isAuctionSaleType, skipsDateChecks } from '@vitrine/domain';
import { useParams } from 'react-router';
import { SelectField } from '../../ui/SelectField';
import { AreaField, ChoiceField, Field, type FieldState } from './fields';
import { SplitsEditor } from './SplitsEditor';
import styles from './Studio.module.css';
import { EDITOR_SALE_TYPES, type NftForm, SPLIT_KINDS, type SplitForm } from './studio-model';
import { Uploader } from './uploads/Uploader';

export type NftTextField = Exclude<
  keyof NftForm,
  | 'isSafeForWork'
  | 'enforceAllSpecialCriteria'
  | 'sourceCurrency'
  | 'primarySalesSplit'
  | 'secondarySalesSplit'
  | 'onChainSalesSplit'
>;

/** Fields whose rules depend on the sale type or the dates: re-checked (and shown) when either changes. */
const SALE_DEPENDENT: readonly (keyof NftForm)[] = [
  'price',
  'minimumBid',
  'minimumBidIncrement',
  'startDateTime',
  'endDateTime',
];

/** The errors of one split of the NFT's error map ('primarySalesSplit' and 'primarySalesSplit.0.user'). */
function splitErrors(errors: Record<string, string>, field: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === field) out.split = message;
    else if (key.startsWith(`${field}.`)) out[key.slice(field.length + 1)] = message;
  }
  return out;
}

/**
 * The NFT editor (001 §3 "NFT in a drop"): every field with its default, the editor's sale types, tags,
 * creators and the three sales splits. Messages come from the shared rules (`errors`), shown once a field
 * was left or Publish was tried; a change of sale type or dates shows the rules that depend on them.
 */
export function NftEditor({
  form,
  errors,
  visible,
  dirty,
  disabled,
  onChange,
  onTouch,
}: {
  form: NftForm;
  errors: Record<string, string>;
  /** Whether a field's message is shown (touched, or Publish tried, or the server named it). */
  visible: (field: string) => boolean;
  dirty: (field: keyof NftForm) => boolean;
  disabled: boolean;
  onChange: (patch: Partial<NftForm>) => void;
  onTouch: (...fields: string[]) => void;
}) {
  const fields: FieldState<NftTextField> = {
    prefix: 'nft-',
    value: (name) => form[name],
    error: (name) => (visible(name) ? errors[name] : undefined),
    dirty: (name) => dirty(name),
    set: (name, value) => {
      onChange({ [name]: value } as Partial<NftForm>);
      if (name === 'primarySaleType' || name === 'startDateTime' || name === 'endDateTime')
        onTouch(...SALE_DEPENDENT);
    },
    touch: (name) => onTouch(name),
  };
  const { slug = '' } = useParams();
  const auction = isAuctionSaleType(form.primarySaleType);
  const undated = skipsDateChecks(form.primarySaleType);
  return (
    <div data-testid="nft-editor">
      <fieldset className={styles.section} disabled={disabled}>
        <legend>NFT</legend>
        <div className={styles.grid}>
          <Field form={fields} name="title" label="Title" />
          <ChoiceField form={fields} name="primarySaleType" label="Sale type" options={EDITOR_SALE_TYPES} />
          <AreaField form={fields} name="description" label="Description" className={styles.wide} />
          {/* An upload fills the asset, its IPFS CID and its poster; the URL stays editable. */}
          <div className={styles.wide}>
            <Uploader
              slug={slug}
              purpose="asset"
              label="Upload the NFT's file"
              testId="nft-asset-uploader"
              disabled={disabled}
              onUploaded={(r) => {
                onChange({
                  asset: r.mediaUrl ?? '',
                  ipfsCid: r.ipfsCid ?? '',
                  staticThumbnail: r.staticThumbnailUrl ?? '',
                  ...(r.assetType ? { assetType: r.assetType } : {}),
                });
                onTouch('asset', 'ipfsCid');
              }}
            />
          </div>
          <Field form={fields} name="asset" label="Asset URL" className={styles.wide} />
          <Field form={fields} name="ipfsCid" label="IPFS CID" />
          <Field form={fields} name="staticThumbnail" label="Static thumbnail URL" />
          <Field form={fields} name="editionSize" label="Edition size" type="number" min="1" />
          <Field form={fields} name="limitPerUser" label="Limit per user" type="number" min="0" />
          <Field
            form={fields}
            name="maxPurchaseQuantity"
            label="Max purchase quantity"
            type="number"
            min="1"
          />
          <Field form={fields} name="sortOrder" label="Sort order" type="number" min="1" />
          <Field
            form={fields}
            name="royaltyPercentage"
            label="Royalty (%)"
            type="number"
            min="0"
            step="1"
            // A whole percent (QA 2026-12-07: 2.5 got 001 §5's "between 0 and 10" and nothing else).
            hint="A whole percent, 0 to 10."
          />
        </div>
      </fieldset>

      <fieldset className={styles.section} disabled={disabled}>
        <legend>Sale</legend>
        <div className={styles.grid}>
          {auction ? (
            <>
              <Field form={fields} name="minimumBid" label="Minimum bid" inputMode="decimal" />
              <Field
                form={fields}
                name="minimumBidIncrement"
                label="Minimum bid increment"
                inputMode="decimal"
              />
            </>
          ) : (
            <>
              <Field form={fields} name="price" label="Price" inputMode="decimal" />
              <SelectField
                name="nft-sourceCurrency"
                label="Currency"
                value={form.sourceCurrency}
                error={visible('sourceCurrency') ? errors.sourceCurrency : undefined}
                onChange={(event) => {
                  onChange({ sourceCurrency: event.target.value === 'ETH' ? 'ETH' : 'USD' });
                  onTouch('price', 'sourceCurrency');
                }}
              >
                <option value="USD">USD</option>
                <option value="ETH">ETH</option>
              </SelectField>
            </>
          )}
          <Field
            form={fields}
            name="startDateTime"
            label="Start"
            type="datetime-local"
            hint={undated ? 'FCFS NFTs sell for the whole drop window.' : undefined}
          />
          <Field form={fields} name="endDateTime" label="End" type="datetime-local" />
        </div>
      </fieldset>

      <fieldset className={styles.section} disabled={disabled}>
        <legend>Creators and tags</legend>
        <div className={styles.grid}>
          <Field form={fields} name="creators" label="Creators (usernames, comma-separated)" />
          <Field form={fields} name="tags" label="Tags (comma-separated)" />
          <label className={styles.check}>
            <input
              type="checkbox"
              name="nft-isSafeForWork"
              checked={form.isSafeForWork}
              onChange={(event) => onChange({ isSafeForWork: event.target.checked })}
            />
            Safe for work
          </label>
        </div>
      </fieldset>

      {SPLIT_KINDS.map((kind) => (
        <SplitsEditor
          key={kind.field}
          name={kind.field}
          label={kind.label}
          onChain={kind.onChain}
          rows={form[kind.field]}
          disabled={disabled}
          errors={visible(kind.field) ? splitErrors(errors, kind.field) : {}}
          onChange={(rows: SplitForm[]) => onChange({ [kind.field]: rows } as Partial<NftForm>)}
          onTouch={() => onTouch(kind.field)}
        />
      ))}
    </div>
  );
}

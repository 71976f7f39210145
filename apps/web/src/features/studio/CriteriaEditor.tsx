import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RESTRICTION_KINDS, type RestrictionKind } from '@vitrine/domain';
import { useEffect, useState } from 'react';
import { isApiError } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/SelectField';
import { Skeleton } from '../../ui/Skeleton';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import {
  type CriteriaForm,
  criteriaBody,
  criteriaErrors,
  formOf,
  KINDS,
  LIST_LABELS,
  nextRuleKey,
  type RuleForm,
} from './criteria-form';
import styles from './Studio.module.css';
import { studioApi, studioKeys } from './studio-api';

/** What an NFT's criteria editor keeps while another NFT is open: the form as typed, and the API's refusals. */
export interface CriteriaDraft {
  form: CriteriaForm;
  serverErrors: Record<string, string>;
}

/**
 * An NFT's participation criteria (001 §3, §5): ALL or ANY, the restriction rules with their counts and lists,
 * the allowlist of usernames and email addresses, and the expression the eligibility panel shows. Saved whole
 * (PUT) by the editor's autosave once the rules pass; the API's own refusals (unknown accounts) show below.
 * Criteria the rules or the API refuse are held (`onHeld`): the editor counts them as not saved, marks the NFT,
 * and refuses to publish (QA 2026-12-07: they were dropped unsaid, and the drop published open to everyone). The
 * form as typed outlives the NFT's selection (`drafts`).
 */
export function CriteriaEditor({
  slug,
  collectionId,
  nftId,
  disabled,
  onChange,
  onHeld,
  drafts,
}: {
  slug: string;
  collectionId: number;
  nftId: number;
  disabled: boolean;
  onChange: (key: string, save: () => Promise<void>) => void;
  /** How many of this NFT's criteria changes are kept here, not saved (0 or 1). */
  onHeld: (count: number) => void;
  drafts: Map<number, CriteriaDraft>;
}) {
  const queryClient = useQueryClient();
  const queryKey = [...studioKeys.nftsOf(slug), collectionId, nftId, 'criteria'];
  const criteria = useQuery({
    queryKey,
    queryFn: ({ signal }) => studioApi.getCriteria(slug, collectionId, nftId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const draft = drafts.get(nftId);
  const [form, setForm] = useState<CriteriaForm | null>(draft?.form ?? null);
  const [expression, setExpression] = useState(criteria.data?.expression ?? '');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(draft?.serverErrors ?? {});
  const [touched, setTouched] = useState(draft !== undefined);
  useEffect(() => {
    if (criteria.data) setExpression(criteria.data.expression);
    if (form === null && criteria.data) setForm(formOf(criteria.data));
  }, [form, criteria.data]);

  if (criteria.isError) return null;
  if (form === null) return <Skeleton height={80} />;
  const errors = criteriaErrors(form);
  const shown = (key: string) => serverErrors[key] ?? (touched ? errors[key] : undefined);

  const change = (next: CriteriaForm) => {
    setForm(next);
    setServerErrors({});
    drafts.set(nftId, { form: next, serverErrors: {} });
    onChange(`criteria:${nftId}`, async () => {
      // Kept here until the rules pass.
      if (Object.keys(criteriaErrors(next)).length > 0) {
        onHeld(1);
        return;
      }
      try {
        const saved = await studioApi.putCriteria(slug, collectionId, nftId, criteriaBody(next));
        // What the API has now: the form comes back from it when this NFT is opened again.
        queryClient.setQueryData(queryKey, saved);
        setExpression(saved.expression);
        if (drafts.get(nftId)?.form === next) drafts.delete(nftId);
        onHeld(0);
      } catch (error) {
        if (isApiError(error) && error.statusCode === 400 && error.fields) {
          const fields = error.fields;
          setServerErrors(fields);
          setTouched(true);
          if (drafts.get(nftId)?.form === next) drafts.set(nftId, { form: next, serverErrors: fields });
          onHeld(1);
          return;
        }
        throw error;
      }
    });
  };
  const setRule = (index: number, patch: Partial<RuleForm>) =>
    change({ ...form, rules: form.rules.map((r, i) => (i === index ? { ...r, ...patch } : r)) });

  return (
    <fieldset className={styles.section} disabled={disabled} data-testid="criteria-editor">
      <legend>Participation criteria</legend>
      <div className={styles.grid}>
        <SelectField
          name="criteria-mode"
          label="Buyers must meet"
          value={form.mode}
          onChange={(event) => change({ ...form, mode: event.target.value === 'any' ? 'any' : 'all' })}
        >
          <option value="all">ALL of these conditions</option>
          <option value="any">ONE or more of these conditions</option>
        </SelectField>
      </div>
      {form.rules.map((rule, index) => (
        <div key={rule.key} className={styles.grid} data-testid="criteria-rule">
          <SelectField
            name={`criteria-rule-${index}-kind`}
            label="Rule"
            value={rule.kind}
            onChange={(event) => setRule(index, { kind: event.target.value as RestrictionKind })}
          >
            {RESTRICTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KINDS[kind].label}
              </option>
            ))}
          </SelectField>
          <TextField
            name={`criteria-rule-${index}-count`}
            label="Count"
            inputMode="numeric"
            value={rule.count}
            error={shown(`rules.${index}.count`)}
            onChange={(event) => setRule(index, { count: event.target.value })}
            onBlur={() => setTouched(true)}
          />
          <TextField
            name={`criteria-rule-${index}-list`}
            label={LIST_LABELS[KINDS[rule.kind].list]}
            value={rule.list}
            onChange={(event) => setRule(index, { list: event.target.value })}
            onBlur={() => setTouched(true)}
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => change({ ...form, rules: form.rules.filter((_, i) => i !== index) })}
          >
            Remove rule
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          change({
            ...form,
            rules: [...form.rules, { key: nextRuleKey(), kind: 'account_list', count: '1', list: '' }],
          })
        }
      >
        Add rule
      </Button>
      <TextAreaField
        name="criteria-allowlist"
        label="Allowlist (usernames and email addresses, one a line)"
        value={form.allowlist}
        error={shown('allowlist')}
        onChange={(event) => change({ ...form, allowlist: event.target.value })}
        onBlur={() => setTouched(true)}
      />
      {expression ? (
        <p className={styles.splitTotal} data-testid="criteria-expression">
          {expression}
        </p>
      ) : null}
    </fieldset>
  );
}

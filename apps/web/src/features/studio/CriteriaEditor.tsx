import { useQuery } from '@tanstack/react-query';
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

/**
 * An NFT's participation criteria (001 §3, §5): ALL or ANY, the restriction rules with their counts and lists,
 * the allowlist of usernames and email addresses, and the expression the eligibility panel shows. Saved whole
 * (PUT) by the editor's autosave once the rules pass; the API's own refusals (unknown accounts) show below.
 */
export function CriteriaEditor({
  slug,
  collectionId,
  nftId,
  disabled,
  onChange,
}: {
  slug: string;
  collectionId: number;
  nftId: number;
  disabled: boolean;
  onChange: (key: string, save: () => Promise<void>) => void;
}) {
  const criteria = useQuery({
    queryKey: [...studioKeys.nftsOf(slug), collectionId, nftId, 'criteria'],
    queryFn: ({ signal }) => studioApi.getCriteria(slug, collectionId, nftId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [form, setForm] = useState<CriteriaForm | null>(null);
  const [expression, setExpression] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (form === null && criteria.data) {
      setForm(formOf(criteria.data));
      setExpression(criteria.data.expression);
    }
  }, [form, criteria.data]);

  if (criteria.isError) return null;
  if (form === null) return <Skeleton height={80} />;
  const errors = criteriaErrors(form);
  const shown = (key: string) => serverErrors[key] ?? (touched ? errors[key] : undefined);

  const change = (next: CriteriaForm) => {
    setForm(next);
    setServerErrors({});
    onChange(`criteria:${nftId}`, async () => {
      if (Object.keys(criteriaErrors(next)).length > 0) return; // kept here until the rules pass
      try {
        const saved = await studioApi.putCriteria(slug, collectionId, nftId, criteriaBody(next));
        setExpression(saved.expression);
      } catch (error) {
        if (isApiError(error) && error.statusCode === 400 && error.fields) {
          setServerErrors(error.fields);
          setTouched(true);
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

import { useQuery } from '@tanstack/react-query';
import {
  invalidAllowlistEntries,
  invalidEntriesMessage,
  RESTRICTION_KINDS,
  type RestrictionKind,
  validateCriteriaRule,
} from '@vitrine/domain';
import { useEffect, useState } from 'react';
import { isApiError } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import styles from './Studio.module.css';
import { type Criteria, type CriteriaBody, studioApi, studioKeys } from './studio-api';

/** 001 §3 restriction kinds, in words, and the list each one names. */
const KINDS: Record<
  RestrictionKind,
  { label: string; list: 'usernames' | 'artistIds' | 'contractAddresses' | 'niftyIds' }
> = {
  account_list: { label: 'Account list', list: 'usernames' },
  own_at_least_minimum_amount_from_one_of_the_artists: {
    label: 'Owns at least N works by one of the artists',
    list: 'artistIds',
  },
  own_nifties_from_contracts: { label: 'Owns NFTs from contracts', list: 'contractAddresses' },
  own_specific_nifties: { label: 'Owns specific NFTs', list: 'niftyIds' },
  own_at_least_one_specific_nifty: { label: 'Owns at least one of specific NFTs', list: 'niftyIds' },
  burn_event_contract_restriction: { label: 'Burns from contracts', list: 'contractAddresses' },
  burn_event_nifty_restriction: { label: 'Burns specific NFTs', list: 'niftyIds' },
};

const LIST_LABELS = {
  usernames: 'Usernames (comma-separated)',
  artistIds: 'Artist ids (comma-separated)',
  contractAddresses: 'Contract addresses (comma-separated)',
  niftyIds: 'NFT ids (comma-separated)',
} as const;

interface RuleForm {
  key: number;
  kind: RestrictionKind;
  count: string;
  list: string;
}

interface CriteriaForm {
  mode: 'all' | 'any';
  rules: RuleForm[];
  allowlist: string;
}

let ruleKeys = 0;
const items = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

function formOf(criteria: Criteria): CriteriaForm {
  return {
    mode: criteria.mode,
    rules: criteria.rules.map((rule) => {
      ruleKeys += 1;
      const kind = (RESTRICTION_KINDS as readonly string[]).includes(rule.kind)
        ? (rule.kind as RestrictionKind)
        : 'account_list';
      return { key: ruleKeys, kind, count: String(rule.count), list: rule[KINDS[kind].list].join(', ') };
    }),
    allowlist: [...criteria.allowlist.usernames, ...criteria.allowlist.emailAddresses].join('\n'),
  };
}

export function criteriaBody(form: CriteriaForm): CriteriaBody {
  const entries = items(form.allowlist);
  return {
    mode: form.mode,
    rules: form.rules.map((rule) => {
      const list = KINDS[rule.kind].list;
      const values = items(rule.list);
      return {
        kind: rule.kind,
        count: Number(rule.count),
        usernames: list === 'usernames' ? values : [],
        artistIds: list === 'artistIds' ? values.map(Number).filter(Number.isInteger) : [],
        contractAddresses: list === 'contractAddresses' ? values : [],
        niftyIds: list === 'niftyIds' ? values.map(Number).filter(Number.isInteger) : [],
      };
    }),
    allowlist: {
      usernames: entries.filter((e) => !e.includes('@') || e.startsWith('@')),
      emailAddresses: entries.filter((e) => e.includes('@') && !e.startsWith('@')),
    },
  };
}

/** The shared rules' messages: a rule's count ('Enter a value of 1 or more'), the allowlist's invalid entries. */
export function criteriaErrors(form: CriteriaForm): Record<string, string> {
  const errors: Record<string, string> = {};
  form.rules.forEach((rule, index) => {
    const e = validateCriteriaRule({ count: rule.count });
    if (e.count) errors[`rules.${index}.count`] = e.count;
  });
  const invalid = invalidAllowlistEntries(items(form.allowlist)).length;
  if (invalid > 0) errors.allowlist = invalidEntriesMessage(invalid);
  return errors;
}

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
        <label className={styles.check}>
          Buyers must meet
          <select
            name="criteria-mode"
            value={form.mode}
            onChange={(event) => change({ ...form, mode: event.target.value === 'any' ? 'any' : 'all' })}
          >
            <option value="all">ALL of these conditions</option>
            <option value="any">ONE or more of these conditions</option>
          </select>
        </label>
      </div>
      {form.rules.map((rule, index) => (
        <div key={rule.key} className={styles.grid} data-testid="criteria-rule">
          <label className={styles.check}>
            Rule
            <select
              name={`criteria-rule-${index}-kind`}
              value={rule.kind}
              onChange={(event) => setRule(index, { kind: event.target.value as RestrictionKind })}
            >
              {RESTRICTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KINDS[kind].label}
                </option>
              ))}
            </select>
          </label>
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
        onClick={() => {
          ruleKeys += 1;
          change({
            ...form,
            rules: [...form.rules, { key: ruleKeys, kind: 'account_list', count: '1', list: '' }],
          });
        }}
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

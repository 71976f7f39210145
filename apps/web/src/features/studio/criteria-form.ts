// The criteria editor's values (001 §3 "Criteria rules and allowlist", §5): the form as typed, what it sends,
// and the shared rules' messages.
import {
  invalidAllowlistEntries,
  invalidEntriesMessage,
  RESTRICTION_KINDS,
  type RestrictionKind,
  validateAllowlistRule,
  validateCriteriaRule,
} from '@vitrine/domain';
import type { Criteria, CriteriaBody } from './studio-api';

/** 001 §3 restriction kinds, in words, and the list each one names. */
export const KINDS: Record<
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

export const LIST_LABELS = {
  usernames: 'Usernames (comma-separated)',
  artistIds: 'Artist ids (comma-separated)',
  contractAddresses: 'Contract addresses (comma-separated)',
  niftyIds: 'NFT ids (comma-separated)',
} as const;

export interface RuleForm {
  key: number;
  kind: RestrictionKind;
  count: string;
  list: string;
}

export interface CriteriaForm {
  mode: 'all' | 'any';
  rules: RuleForm[];
  allowlist: string;
}

let ruleKeys = 0;
/** A key for a new rule row. */
export function nextRuleKey(): number {
  ruleKeys += 1;
  return ruleKeys;
}
const items = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

export function formOf(criteria: Criteria): CriteriaForm {
  return {
    mode: criteria.mode,
    rules: criteria.rules.map((rule) => {
      const key = nextRuleKey();
      const kind = (RESTRICTION_KINDS as readonly string[]).includes(rule.kind)
        ? (rule.kind as RestrictionKind)
        : 'account_list';
      return { key, kind, count: String(rule.count), list: rule[KINDS[kind].list].join(', ') };
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
  const entries = items(form.allowlist);
  const invalid = invalidAllowlistEntries(entries).length;
  const ruleless = validateAllowlistRule(
    entries,
    form.rules.map((r) => r.kind),
  ).entries;
  if (invalid > 0) errors.allowlist = invalidEntriesMessage(invalid);
  else if (ruleless) errors.allowlist = ruleless;
  return errors;
}

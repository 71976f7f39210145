// Participation criteria of a drop's nifty (001 §3 "Criteria rules and allowlist", "Participation criteria
// display"; 001 §4 "Eligibility"; 001 §5 "Eligibility prompts"; 000 §3 allowlist kinds, §6 validated-profile
// drops). A pure evaluator: the API gathers the viewer's facts (who they are, what they own, what they burnt)
// and this decides Eligible / Not Eligible with the bracketed rule descriptions and their links.

/** The seven allowlist restriction kinds (000 §3, 001 §3). */
export const RESTRICTION_KINDS = [
  'account_list',
  'own_at_least_minimum_amount_from_one_of_the_artists',
  'own_nifties_from_contracts',
  'own_specific_nifties',
  'own_at_least_one_specific_nifty',
  'burn_event_contract_restriction',
  'burn_event_nifty_restriction',
] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

/** How the rules combine: ALL of them, or ONE or more (001 §5). */
export const CRITERIA_MODES = ['all', 'any'] as const;
export type CriteriaMode = (typeof CRITERIA_MODES)[number];

/** The prompts above the rule list (001 §5 "Eligibility prompts"), quoted exactly. */
export const ELIGIBILITY_PROMPTS: Record<CriteriaMode, string> = {
  all: 'To be eligible buyers should meet ALL of these conditions:',
  any: 'To be eligible buyers should meet ONE or more of these conditions',
};

/** The eligible message (001 §5), quoted exactly (with its typographic apostrophe). */
export const ELIGIBLE_MESSAGE =
  'You’re eligible to buy this NFT because you meet the conditions set by the Publisher';

/** The panel's three states (001 §4 "Eligibility"). */
export type EligibilityStatus = 'Eligibility Required' | 'Eligible' | 'Not Eligible';

/** A link of a rule (001 §3 QuantityBasedRule links): object_type amno/nbno/nbco/artist/publisher. */
export interface CriteriaLink {
  key: string;
  object_type: 'amno' | 'nbno' | 'nbco' | 'artist' | 'publisher';
  contractAddress?: string;
  tokenId?: string;
  niftyContractAddress?: string;
  niftyType?: number;
  slug?: string;
  profile_url?: string;
  /** The name shown for the link. */
  title: string;
}

export interface CriteriaArtist {
  id: number;
  name: string;
  profileUrl: string;
}
export interface CriteriaContract {
  contractAddress: string;
  name: string;
  slug?: string;
}
export interface CriteriaNifty {
  id: number;
  contractAddress: string;
  typeNumber: number;
  title: string;
}

/** One rule as stored: its kind, the count it asks for (>= 1) and the lists its kind reads. */
export interface CriteriaRule {
  id: number;
  kind: RestrictionKind;
  count: number;
  /** account_list: usernames (profile URLs) allowed, besides the allowlist's. */
  usernames?: readonly string[];
  artists?: readonly CriteriaArtist[];
  contracts?: readonly CriteriaContract[];
  nifties?: readonly CriteriaNifty[];
}

/** The allowlist (001 §3): email addresses and usernames; account_list rules read it. */
export interface Allowlist {
  id: number;
  emailAddresses: readonly string[];
  usernames: readonly string[];
}

export interface Criteria {
  mode: CriteriaMode;
  rules: readonly CriteriaRule[];
  allowlist?: Allowlist | null;
}

/** What the evaluator knows of a signed-in viewer. */
export interface EligibilityFacts {
  username: string;
  /** Usernames the viewer gave up (kept for them: nobody else takes them), which a list may still name. */
  formerUsernames?: readonly string[];
  /** The viewer's email once confirmed; null before (anyone can sign up with an address they do not own). */
  email: string | null;
  /** Tokens the viewer owns: their contract, nifty and the nifty's collection's artists. */
  owned: readonly { contractAddress: string; niftyId: number; artistIds: readonly number[] }[];
  /** Tokens the viewer burnt. */
  burnt: readonly { contractAddress: string; niftyId: number }[];
}

/** A rule as the panel shows it (001 §3 "Eligibility rule lines: rule, title, link"; description, resourcetype, links). */
export interface RuleLine {
  id: number;
  rule: RestrictionKind;
  /** The bracketed description of the expression, without its brackets. */
  description: string;
  title: string;
  resourcetype: 'AllowlistRule' | 'QuantityBasedRule';
  links: CriteriaLink[];
  /** The first link, the line's link (or null). */
  link: CriteriaLink | null;
  /** Whether the viewer meets it; null when no viewer was checked. */
  met: boolean | null;
}

export interface EligibilityResult {
  mode: CriteriaMode;
  prompt: string;
  /** Rules joined by AND / OR, each bracketed: "[On the allowlist] OR [Own at least 1 NFT from Tidelines]". */
  expression: string;
  rules: RuleLine[];
  /** null when nobody is signed in. */
  eligible: boolean | null;
  status: EligibilityStatus;
  /** The eligible message when eligible, else null. */
  message: string | null;
}

const lower = (s: string) => s.toLowerCase();
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const nfts = (n: number) => `${n} ${plural(n, 'NFT', 'NFTs')}`;
const names = (items: readonly { name?: string; title?: string }[]) =>
  items.map((i) => i.name ?? i.title ?? '').join(', ');

function linksOf(rule: CriteriaRule): CriteriaLink[] {
  switch (rule.kind) {
    case 'account_list':
      return [];
    case 'own_at_least_minimum_amount_from_one_of_the_artists':
      return (rule.artists ?? []).map((a) => ({
        key: `artist-${a.id}`,
        object_type: 'artist',
        profile_url: a.profileUrl,
        title: a.name,
      }));
    case 'own_nifties_from_contracts':
    case 'burn_event_contract_restriction':
      return (rule.contracts ?? []).map((c) => ({
        key: `nbco-${lower(c.contractAddress)}`,
        object_type: 'nbco',
        contractAddress: c.contractAddress,
        ...(c.slug ? { slug: c.slug } : {}),
        title: c.name,
      }));
    case 'own_specific_nifties':
    case 'own_at_least_one_specific_nifty':
    case 'burn_event_nifty_restriction':
      return (rule.nifties ?? []).map((n) => ({
        key: `nbno-${lower(n.contractAddress)}-${n.typeNumber}`,
        object_type: 'nbno',
        niftyContractAddress: n.contractAddress,
        niftyType: n.typeNumber,
        title: n.title,
      }));
  }
}

/** The rule's description, the text inside its brackets. */
export function ruleDescription(rule: CriteriaRule): string {
  const count = Math.max(1, rule.count);
  switch (rule.kind) {
    case 'account_list':
      return 'On the allowlist';
    case 'own_at_least_minimum_amount_from_one_of_the_artists':
      return `Own at least ${nfts(count)} from one of the artists: ${names(rule.artists ?? [])}`;
    case 'own_nifties_from_contracts':
      return `Own at least ${nfts(count)} from ${names(rule.contracts ?? [])}`;
    case 'own_specific_nifties':
      return `Own ${count === 1 ? 'each' : `at least ${count} of each`} of these NFTs: ${names(rule.nifties ?? [])}`;
    case 'own_at_least_one_specific_nifty':
      return `Own at least ${count === 1 ? 'one' : count} of these NFTs: ${names(rule.nifties ?? [])}`;
    case 'burn_event_contract_restriction':
      return `Burn at least ${nfts(count)} from ${names(rule.contracts ?? [])}`;
    case 'burn_event_nifty_restriction':
      return `Burn at least ${nfts(count)} of ${names(rule.nifties ?? [])}`;
  }
}

/** Whether the facts meet one rule. */
export function ruleMet(rule: CriteriaRule, facts: EligibilityFacts, allowlist?: Allowlist | null): boolean {
  const count = Math.max(1, rule.count);
  switch (rule.kind) {
    case 'account_list': {
      const mine = [facts.username, ...(facts.formerUsernames ?? [])].map(lower);
      const email = facts.email ? lower(facts.email) : null;
      const usernames = [...(rule.usernames ?? []), ...(allowlist?.usernames ?? [])].map(lower);
      const emails = (allowlist?.emailAddresses ?? []).map(lower);
      return usernames.some((u) => mine.includes(u)) || (email !== null && emails.includes(email));
    }
    case 'own_at_least_minimum_amount_from_one_of_the_artists':
      return (rule.artists ?? []).some(
        (artist) => facts.owned.filter((t) => t.artistIds.includes(artist.id)).length >= count,
      );
    case 'own_nifties_from_contracts': {
      const contracts = new Set((rule.contracts ?? []).map((c) => lower(c.contractAddress)));
      return facts.owned.filter((t) => contracts.has(lower(t.contractAddress))).length >= count;
    }
    case 'own_specific_nifties': {
      const list = rule.nifties ?? [];
      return (
        list.length > 0 && list.every((n) => facts.owned.filter((t) => t.niftyId === n.id).length >= count)
      );
    }
    case 'own_at_least_one_specific_nifty': {
      const ids = new Set((rule.nifties ?? []).map((n) => n.id));
      return facts.owned.filter((t) => ids.has(t.niftyId)).length >= count;
    }
    case 'burn_event_contract_restriction': {
      const contracts = new Set((rule.contracts ?? []).map((c) => lower(c.contractAddress)));
      return facts.burnt.filter((t) => contracts.has(lower(t.contractAddress))).length >= count;
    }
    case 'burn_event_nifty_restriction': {
      const ids = new Set((rule.nifties ?? []).map((n) => n.id));
      return facts.burnt.filter((t) => ids.has(t.niftyId)).length >= count;
    }
  }
}

/**
 * Evaluates criteria for a viewer (null: not signed in, 'Eligibility Required'). ALL needs every rule, ANY at
 * least one; criteria without rules restrict nobody (docs/decisions/015).
 */
export function evaluateEligibility(criteria: Criteria, facts: EligibilityFacts | null): EligibilityResult {
  const rules: RuleLine[] = criteria.rules.map((rule) => {
    const links = linksOf(rule);
    const description = ruleDescription(rule);
    return {
      id: rule.id,
      rule: rule.kind,
      description,
      title: description,
      resourcetype: rule.kind === 'account_list' ? 'AllowlistRule' : 'QuantityBasedRule',
      links,
      link: links[0] ?? null,
      met: facts === null ? null : ruleMet(rule, facts, criteria.allowlist),
    };
  });
  const joiner = criteria.mode === 'all' ? ' AND ' : ' OR ';
  const expression = rules.map((r) => `[${r.description}]`).join(joiner);
  let eligible: boolean | null = null;
  if (facts !== null) {
    if (rules.length === 0) eligible = true;
    else eligible = criteria.mode === 'all' ? rules.every((r) => r.met) : rules.some((r) => r.met);
  }
  return {
    mode: criteria.mode,
    prompt: ELIGIBILITY_PROMPTS[criteria.mode],
    expression,
    rules,
    eligible,
    status: eligibilityStatus(eligible),
    message: eligible === true ? ELIGIBLE_MESSAGE : null,
  };
}

/** Not signed in = 'Eligibility Required'; meets the rules = 'Eligible'; otherwise 'Not Eligible' (001 §4). */
export function eligibilityStatus(eligible: boolean | null): EligibilityStatus {
  if (eligible === null) return 'Eligibility Required';
  return eligible ? 'Eligible' : 'Not Eligible';
}

/** The action a nifty's button names (001 §4 step 5, or 'Redeem' for free redemption): 'Not Eligible to {action}'. */
export function eligibilityAction(
  saleType: string,
  isFreeRedemption = false,
): 'Place Bid' | 'Enter Drawing' | 'Mint' | 'Buy' | 'Redeem' {
  if (isFreeRedemption) return 'Redeem';
  if (saleType === 'auction' || saleType === 'ranked_auction' || saleType === 'silent_auction')
    return 'Place Bid';
  if (saleType === 'drawing') return 'Enter Drawing';
  if (saleType === 'open_edition') return 'Mint';
  return 'Buy';
}

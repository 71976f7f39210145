import { describe, expect, it } from 'vitest';
import {
  type Criteria,
  type CriteriaRule,
  ELIGIBILITY_PROMPTS,
  ELIGIBLE_MESSAGE,
  type EligibilityFacts,
  evaluateEligibility,
  RESTRICTION_KINDS,
  ruleMet,
} from './eligibility';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const tide = { contractAddress: A, name: 'Tidelines' };
const fern = { id: 11, contractAddress: A, typeNumber: 1, title: 'Fern Index' };
const seed = { id: 12, contractAddress: B, typeNumber: 2, title: 'Seed Packet' };
const celeste = { id: 7, name: 'Celeste Moreau', profileUrl: 'celestemoreau' };

const nobody: EligibilityFacts = { username: 'ana', email: 'ana@example.test', owned: [], burnt: [] };
const facts = (o: Partial<EligibilityFacts>): EligibilityFacts => ({ ...nobody, ...o });
const own = (niftyId: number, contractAddress: string, artistIds: number[] = []) => ({
  niftyId,
  contractAddress,
  artistIds,
});

describe('ruleMet: every restriction kind (000 §3)', () => {
  it('account_list: the rule usernames or the allowlist, by username or email, any case', () => {
    const rule: CriteriaRule = { id: 1, kind: 'account_list', count: 1, usernames: ['Bob'] };
    const allowlist = { id: 1, emailAddresses: ['ANA@example.test'], usernames: ['carl'] };
    expect(ruleMet(rule, facts({ username: 'bob', email: null }))).toBe(true);
    expect(ruleMet(rule, nobody)).toBe(false);
    expect(ruleMet(rule, nobody, allowlist)).toBe(true);
    expect(ruleMet(rule, facts({ username: 'CARL', email: null }), allowlist)).toBe(true);
    expect(ruleMet(rule, facts({ username: 'dan', email: 'dan@x.test' }), allowlist)).toBe(false);
  });

  it('own_at_least_minimum_amount_from_one_of_the_artists: count tokens by one artist', () => {
    const rule: CriteriaRule = {
      id: 2,
      kind: 'own_at_least_minimum_amount_from_one_of_the_artists',
      count: 2,
      artists: [celeste],
    };
    expect(ruleMet(rule, facts({ owned: [own(1, A, [7])] }))).toBe(false);
    expect(ruleMet(rule, facts({ owned: [own(1, A, [7]), own(2, B, [7, 8])] }))).toBe(true);
    expect(ruleMet(rule, facts({ owned: [own(1, A, [8]), own(2, B, [8])] }))).toBe(false);
  });

  it('own_nifties_from_contracts: tokens of the listed contracts, address case ignored', () => {
    const rule: CriteriaRule = { id: 3, kind: 'own_nifties_from_contracts', count: 1, contracts: [tide] };
    expect(ruleMet(rule, facts({ owned: [own(1, A.toUpperCase().replace('0X', '0x'))] }))).toBe(true);
    expect(ruleMet(rule, facts({ owned: [own(1, B)] }))).toBe(false);
  });

  it('own_specific_nifties: every listed nifty', () => {
    const rule: CriteriaRule = { id: 4, kind: 'own_specific_nifties', count: 1, nifties: [fern, seed] };
    expect(ruleMet(rule, facts({ owned: [own(11, A)] }))).toBe(false);
    expect(ruleMet(rule, facts({ owned: [own(11, A), own(12, B)] }))).toBe(true);
    expect(ruleMet({ ...rule, nifties: [] }, facts({ owned: [own(11, A)] }))).toBe(false);
  });

  it('own_at_least_one_specific_nifty: any listed nifty', () => {
    const rule: CriteriaRule = {
      id: 5,
      kind: 'own_at_least_one_specific_nifty',
      count: 1,
      nifties: [fern, seed],
    };
    expect(ruleMet(rule, facts({ owned: [own(12, B)] }))).toBe(true);
    expect(ruleMet(rule, facts({ owned: [own(13, B)] }))).toBe(false);
  });

  it('burn_event_contract_restriction: burnt tokens of the contracts, not owned ones', () => {
    const rule: CriteriaRule = {
      id: 6,
      kind: 'burn_event_contract_restriction',
      count: 1,
      contracts: [tide],
    };
    expect(ruleMet(rule, facts({ owned: [own(11, A)] }))).toBe(false);
    expect(ruleMet(rule, facts({ burnt: [{ niftyId: 11, contractAddress: A }] }))).toBe(true);
  });

  it('burn_event_nifty_restriction: burnt tokens of the nifties, with the count', () => {
    const rule: CriteriaRule = { id: 7, kind: 'burn_event_nifty_restriction', count: 2, nifties: [fern] };
    const once = { niftyId: 11, contractAddress: A };
    expect(ruleMet(rule, facts({ burnt: [once] }))).toBe(false);
    expect(ruleMet(rule, facts({ burnt: [once, once] }))).toBe(true);
  });

  it('covers all seven kinds', () => {
    expect(RESTRICTION_KINDS).toHaveLength(7);
  });
});

describe('evaluateEligibility: ALL / ANY, descriptions, links, states (001 §3, §4, §5)', () => {
  const onList: CriteriaRule = { id: 1, kind: 'account_list', count: 1, usernames: ['ana'] };
  const ownsTide: CriteriaRule = { id: 2, kind: 'own_nifties_from_contracts', count: 1, contracts: [tide] };
  const all: Criteria = { mode: 'all', rules: [onList, ownsTide] };
  const any: Criteria = { mode: 'any', rules: [onList, ownsTide] };

  it('ALL needs every rule; ANY one or more', () => {
    expect(evaluateEligibility(all, nobody).eligible).toBe(false);
    expect(evaluateEligibility(all, facts({ owned: [own(1, A)] })).eligible).toBe(true);
    expect(evaluateEligibility(any, nobody).eligible).toBe(true);
    expect(evaluateEligibility(any, facts({ username: 'zed' })).eligible).toBe(false);
  });

  it('bracketed rule descriptions joined by AND / OR, with the prompts of 001 §5', () => {
    const r = evaluateEligibility(all, null);
    expect(r.expression).toBe('[On the allowlist] AND [Own at least 1 NFT from Tidelines]');
    expect(r.prompt).toBe('To be eligible buyers should meet ALL of these conditions:');
    const a = evaluateEligibility(any, null);
    expect(a.expression).toBe('[On the allowlist] OR [Own at least 1 NFT from Tidelines]');
    expect(a.prompt).toBe(ELIGIBILITY_PROMPTS.any);
    expect(a.prompt).toBe('To be eligible buyers should meet ONE or more of these conditions');
  });

  it('rule lines carry resourcetype and links (nbco, nbno, artist)', () => {
    const r = evaluateEligibility(
      {
        mode: 'any',
        rules: [
          ownsTide,
          { id: 3, kind: 'own_at_least_one_specific_nifty', count: 1, nifties: [fern] },
          {
            id: 4,
            kind: 'own_at_least_minimum_amount_from_one_of_the_artists',
            count: 3,
            artists: [celeste],
          },
        ],
      },
      null,
    );
    expect(r.rules.map((l) => l.resourcetype)).toEqual([
      'QuantityBasedRule',
      'QuantityBasedRule',
      'QuantityBasedRule',
    ]);
    expect(r.rules[0]?.link).toMatchObject({ object_type: 'nbco', contractAddress: A, title: 'Tidelines' });
    expect(r.rules[1]?.link).toMatchObject({ object_type: 'nbno', niftyContractAddress: A, niftyType: 1 });
    expect(r.rules[2]?.link).toMatchObject({ object_type: 'artist', profile_url: 'celestemoreau' });
    expect(r.rules[2]?.description).toBe('Own at least 3 NFTs from one of the artists: Celeste Moreau');
    expect(evaluateEligibility({ mode: 'all', rules: [onList] }, null).rules[0]?.resourcetype).toBe(
      'AllowlistRule',
    );
  });

  it("states: signed out 'Eligibility Required', met 'Eligible' with the message, else 'Not Eligible'", () => {
    const out = evaluateEligibility(all, null);
    expect(out).toMatchObject({ eligible: null, status: 'Eligibility Required', message: null });
    expect(out.rules.every((l) => l.met === null)).toBe(true);
    expect(evaluateEligibility(all, facts({ owned: [own(1, A)] }))).toMatchObject({
      status: 'Eligible',
      message: ELIGIBLE_MESSAGE,
    });
    expect(ELIGIBLE_MESSAGE).toBe(
      'You’re eligible to buy this NFT because you meet the conditions set by the Publisher',
    );
    expect(evaluateEligibility(all, nobody)).toMatchObject({ status: 'Not Eligible', message: null });
  });

  it('an empty rule list restricts nobody, in either mode', () => {
    for (const mode of ['all', 'any'] as const) {
      const r = evaluateEligibility({ mode, rules: [] }, nobody);
      expect(r).toMatchObject({ eligible: true, status: 'Eligible', expression: '' });
    }
  });
});

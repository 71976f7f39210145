import { describe, expect, it } from 'vitest';
import { criteriaBody, criteriaErrors, formOf } from './criteria-form';

describe('criteria form (001 §5)', () => {
  it("reports a count under 1 and the allowlist's invalid entries with the spec's words", () => {
    const form = {
      mode: 'any' as const,
      rules: [{ key: 1, kind: 'account_list' as const, count: '0', list: 'caseylinden' }],
      allowlist: 'caseylinden\nnot an entry!\nalso bad!',
    };
    expect(criteriaErrors(form)).toEqual({
      'rules.0.count': 'Enter a value of 1 or more',
      allowlist: 'There are 2 invalid entries',
    });
    expect(criteriaErrors({ ...form, allowlist: 'caseylinden\nbad one!', rules: [] })).toEqual({
      allowlist: 'There is 1 invalid entry',
    });
    // Entries without an Account list rule restrict nobody (QA 2026-12-07): said, and held.
    expect(criteriaErrors({ ...form, allowlist: 'caseylinden', rules: [] })).toEqual({
      allowlist: 'Add an Account list rule: without one, this allowlist lets everyone buy',
    });
    expect(criteriaErrors({ ...form, allowlist: '', rules: [] })).toEqual({});
  });

  it('sends each rule with the list its kind names, and splits the allowlist into usernames and emails', () => {
    const body = criteriaBody({
      mode: 'all',
      rules: [
        { key: 1, kind: 'own_specific_nifties', count: '2', list: '12, 14' },
        { key: 2, kind: 'own_nifties_from_contracts', count: '1', list: '0xabc' },
      ],
      allowlist: 'caseylinden\nnoor@example.com\n@jordanashby',
    });
    expect(body.rules[0]).toEqual({
      kind: 'own_specific_nifties',
      count: 2,
      usernames: [],
      artistIds: [],
      contractAddresses: [],
      niftyIds: [12, 14],
    });
    expect(body.rules[1]?.contractAddresses).toEqual(['0xabc']);
    expect(body.allowlist).toEqual({
      usernames: ['caseylinden', '@jordanashby'],
      emailAddresses: ['noor@example.com'],
    });
  });

  it('reads criteria back into the form', () => {
    const form = formOf({
      mode: 'any',
      rules: [
        {
          id: 3,
          kind: 'account_list',
          count: 1,
          usernames: ['caseylinden', 'noor'],
          artistIds: [],
          contractAddresses: [],
          niftyIds: [],
        },
      ],
      allowlist: { id: 1, usernames: ['caseylinden'], emailAddresses: ['noor@example.com'] },
      expression: '[Account list]',
    });
    expect(form.mode).toBe('any');
    expect(form.rules[0]?.list).toBe('caseylinden, noor');
    expect(form.allowlist).toBe('caseylinden\nnoor@example.com');
  });
});

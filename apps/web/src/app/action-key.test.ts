import { describe, expect, it } from 'vitest';
import { createActionKeys } from './action-key';
import { ApiError } from './api-error';

const answered = (statusCode: number, errorType = 'x') =>
  new ApiError({ statusCode, errorType, message: 'm' });

describe('one idempotency key per user action', () => {
  it('keeps the key for a retry after an answer that says nothing, and starts anew after one that does', () => {
    const keys = createActionKeys<{ token: string }>();
    const first = keys.keyFor('2000');
    first.kept.token = 'pm_1';
    for (const unknown of [ApiError.unknown(), answered(502), answered(409, 'idempotency-key-in-use')]) {
      keys.settle(unknown);
      expect(keys.keyFor('2000')).toEqual({ input: '2000', key: first.key, kept: { token: 'pm_1' } });
    }
    // Another input is another action.
    expect(keys.keyFor('3000').key).not.toBe(first.key);
    const third = keys.keyFor('3000');
    keys.settle(answered(402, 'card_declined'));
    expect(keys.keyFor('3000').key).not.toBe(third.key);
    const fourth = keys.keyFor('3000');
    keys.settle();
    expect(keys.keyFor('3000').key).not.toBe(fourth.key);
  });

  it('says an action is unsettled only once it was sent and its answer said nothing, and for its own input', () => {
    const keys = createActionKeys();
    keys.keyFor('2000');
    // In flight: not yet a lost answer.
    expect(keys.unsettled('2000')).toBe(false);
    keys.settle(ApiError.unknown());
    expect(keys.unsettled('2000')).toBe(true);
    expect(keys.unsettled('3000')).toBe(false);
    // Still unsettled while the same input is sent again, until an answer that says what happened.
    keys.keyFor('2000');
    expect(keys.unsettled('2000')).toBe(true);
    keys.settle();
    expect(keys.unsettled('2000')).toBe(false);
    keys.keyFor('2000');
    keys.settle(answered(502));
    keys.settle(answered(409, 'listing-unavailable'));
    expect(keys.unsettled('2000')).toBe(false);
  });
});

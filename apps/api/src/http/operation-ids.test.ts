// Operation ids are derived from the method and the path (decision 008), so they are stable.
import { describe, expect, it } from 'vitest';
import { operationIdOf } from './operation-ids';

describe('operationIdOf', () => {
  it('is camelCase from the method and the path, parameters read By<Name>', () => {
    expect(operationIdOf('PUT', '/api/feature-flag/:key/')).toBe('putFeatureFlagByKey');
    expect(operationIdOf('PATCH', '/api/user/v2/toggle-should-skip-2fa-prompt/')).toBe(
      'patchUserV2ToggleShouldSkip2faPrompt',
    );
    expect(operationIdOf('GET', '/api/media/*')).toBe('getMediaByPath');
    expect(operationIdOf('DELETE', '/api/user/sessions/:id(^\\d+$)/')).toBe('deleteUserSessionsById');
  });
});

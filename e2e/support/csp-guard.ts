// Setup file of the e2e project: a test fails when any page it opened violated its Content-Security-Policy
// (issue #11 finding 5: the browser tests run with the CSP on and record no CSP violation).
import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});

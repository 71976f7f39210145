import { describe, expect, it } from 'vitest';
import { isSameHostOrSubdomain, safeRedirectTarget } from './redirect';

const ORIGIN = 'https://example.com';

describe('safeRedirectTarget (000 §2 redirect query parameter)', () => {
  it.each([
    ['/', '/'],
    ['/dashboard', '/dashboard'],
    ['/marketplace/item/0xabc/12?tab=bids#top', '/marketplace/item/0xabc/12?tab=bids#top'],
    ['/explore/nfts?q=hello%20world', '/explore/nfts?q=hello%20world'],
    ['/a/../b', '/b'],
    ['https://example.com/checkout', 'https://example.com/checkout'],
    ['https://EXAMPLE.com/Path', 'https://example.com/Path'],
    ['https://shop.example.com/x?y=1', 'https://shop.example.com/x?y=1'],
    ['https://a.b.example.com', 'https://a.b.example.com/'],
    ['https://example.com:443/x', 'https://example.com/x'],
    ['/a/./b/../c', '/a/c'],
  ])('honours %s', (target, expected) => {
    expect(safeRedirectTarget(target, ORIGIN)).toBe(expected);
  });

  it.each([
    // protocol-relative and slash tricks
    '//evil.com',
    '///evil.com',
    '////evil.com/',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/\\/evil.com',
    '/%2F%2Fevil.com',
    '/%2fevil.com',
    '%2F%2Fevil.com',
    '/%5Cevil.com',
    '/%5c%5cevil.com',
    '/%252F%252Fevil.com',
    // dot segments that a browser's URL parser resolves into a protocol-relative '//evil.com'
    '/.//evil.com',
    '/..//evil.com',
    '/./..//evil.com',
    '/a/..//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/.%2f/evil.com',
    '/./\\evil.com',
    'https://example.com/.//evil.com',
    'https://example.com//evil.com',
    // another port, or a downgrade to http, of the same host
    'https://example.com:8443/x',
    'https://example.com:80/x',
    'http://example.com/',
    'http://example.com:443/',
    'http://shop.example.com/',
    // schemes other than http(s)
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'javascript://example.com/%0aalert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    'ws://example.com/socket',
    'https:evil.com',
    'https:/evil.com',
    'https:example.com',
    // line breaks and tabs, raw and encoded
    '/foo\nbar',
    '/foo\rbar',
    '/foo\tbar',
    '/\n/evil.com',
    '/\t/evil.com',
    '/%0a/evil.com',
    '/%0D%0ASet-Cookie:%20session=1',
    '/%09/evil.com',
    '/%250a',
    '/redirect%00',
    '/foo\u2028bar',
    'https://example.com/%0d%0aLocation:%20https://evil.com',
    // lookalike hosts
    'https://example.com.evil.com',
    'https://example.com.evil.com/path',
    'https://evilexample.com',
    'https://example.co',
    'https://example.com.',
    'https://exаmple.com/', // Cyrillic а
    'https://evil.com/example.com',
    'https://evil.com?example.com',
    'https://evil.com#example.com',
    'https://evil.com\\example.com',
    'https://evil.com\\@example.com',
    // userinfo tricks
    'https://example.com@evil.com',
    'https://example.com:443@evil.com',
    'https://user:pass@example.com/',
    'https://@example.com/',
    'https://example.com%40evil.com/',
    'https://example.com%2F@evil.com',
    // relative paths that are not rooted, and non-strings
    'dashboard',
    './dashboard',
    '../dashboard',
    '?next=/x',
    '#top',
    ' /dashboard',
    '',
  ])('rejects %j', (target) => {
    expect(safeRedirectTarget(target, ORIGIN)).toBe('/');
  });

  it('rejects values that are not strings', () => {
    expect(safeRedirectTarget(undefined, ORIGIN)).toBe('/');
    expect(safeRedirectTarget(null, ORIGIN)).toBe('/');
    expect(safeRedirectTarget(['/a', '/b'], ORIGIN)).toBe('/');
  });

  it('compares against the host and port of the current origin, even with a path', () => {
    expect(safeRedirectTarget('https://example.com:3000/x', 'https://example.com:3000/login?x=1')).toBe(
      'https://example.com:3000/x',
    );
    expect(safeRedirectTarget('https://shop.example.com:3000/x', 'https://example.com:3000')).toBe(
      'https://shop.example.com:3000/x',
    );
    expect(safeRedirectTarget('https://example.com/x', 'https://example.com:3000/login?x=1')).toBe('/');
    expect(safeRedirectTarget('https://example.com:3001/x', 'https://example.com:3000')).toBe('/');
    expect(safeRedirectTarget('https://www.example.com/x', 'https://shop.example.com')).toBe('/');
  });

  it('follows an upgrade from http to https of the same host, never a downgrade', () => {
    expect(safeRedirectTarget('https://example.com/x', 'http://example.com')).toBe('https://example.com/x');
    expect(safeRedirectTarget('http://example.com/x', 'http://example.com')).toBe('http://example.com/x');
    expect(safeRedirectTarget('http://example.com/x', 'https://example.com')).toBe('/');
    expect(safeRedirectTarget('http://shop.example.com/x', 'https://example.com')).toBe('/');
  });

  it('still allows rooted paths when the current origin is unusable, but no absolute URL', () => {
    expect(safeRedirectTarget('/dashboard', 'not an origin')).toBe('/dashboard');
    expect(safeRedirectTarget('https://example.com/x', 'not an origin')).toBe('/');
  });
});

describe('isSameHostOrSubdomain', () => {
  it('accepts the host and its subdomains only', () => {
    expect(isSameHostOrSubdomain('example.com', 'example.com')).toBe(true);
    expect(isSameHostOrSubdomain('a.example.com', 'EXAMPLE.com')).toBe(true);
    expect(isSameHostOrSubdomain('evilexample.com', 'example.com')).toBe(false);
    expect(isSameHostOrSubdomain('example.com.evil.com', 'example.com')).toBe(false);
    expect(isSameHostOrSubdomain('example.com', '')).toBe(false);
  });
});

describe('safeRedirectTarget: the attacks of the accounts issue all fall back to /', () => {
  it.each([
    'https://evil.com',
    'http://attacker.example/login',
    '//x',
    '//x/path',
    'javascript:alert(document.cookie)',
    '/%0d%0a//evil.com',
    '%0a//evil.com',
    '/%E2%80%A8//evil.com',
    'https://example.com.attacker.io/',
    'https://login-example.com/',
  ])('%j', (target) => {
    expect(safeRedirectTarget(target, ORIGIN)).toBe('/');
  });
});

import { type ParsedUrl, parseUrl } from '../url/parse-url';

const ROOT = '/';
const MAX_DECODE_ROUNDS = 5;
// Control characters (tab, line breaks, NUL, DEL, C1), Unicode line/paragraph separators, and backslashes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;
const ABSOLUTE_HTTP = /^https?:\/\/[^/\\?#]*/i;
const PLACEHOLDER_ORIGIN = 'http://localhost';

/**
 * Post-login redirect target (000 §2 "only same-host or subdomain http/https targets are honoured, anything else
 * (including line-break encodings) is rejected and the root is used"). The target is normalised first, the way a
 * browser's URL parser does (dot segments resolved, so '/.//evil.com' is seen as '//evil.com'), then checked. Returns
 * the normalised path (for a relative '/path') or URL (for an http/https URL on the current host or a subdomain of it,
 * on the current port, and not a downgrade from https to http), otherwise '/'.
 */
export function safeRedirectTarget(target: unknown, currentOrigin: string): string {
  if (typeof target !== 'string' || target === '') return ROOT;
  const stages = decodeStages(target);
  if (stages.some((stage) => FORBIDDEN_CHARS.test(stage))) return ROOT;
  if (target.startsWith('/')) return safeRelativePath(stages, currentOrigin);
  if (ABSOLUTE_HTTP.test(target)) return safeAbsoluteUrl(target, currentOrigin);
  return ROOT;
}

/** True when `hostname` is `currentHost` or a subdomain of it (000 §2); lookalikes such as 'evilexample.com' fail. */
export function isSameHostOrSubdomain(hostname: string, currentHost: string): boolean {
  const host = hostname.toLowerCase();
  const current = currentHost.toLowerCase();
  return current !== '' && (host === current || host.endsWith(`.${current}`));
}

// A path starting with a single '/', also after percent-decoding ('/%2F%2Fevil.com' is refused), that stays a path on
// the current host once normalised: every decoding is resolved against the origin and must not leave its host nor
// become a protocol-relative '//host' path ('/.//evil.com' and '/..//evil.com' resolve to '//evil.com').
function safeRelativePath(stages: readonly string[], currentOrigin: string): string {
  if (stages.some((stage) => stage.startsWith('//'))) return ROOT;
  const base = httpOrigin(currentOrigin)?.href ?? PLACEHOLDER_ORIGIN;
  const baseUrl = parseUrl(base);
  if (!baseUrl) return ROOT;
  const resolved = stages.map((stage) => parseUrl(stage, base));
  const staysLocal = (url: ParsedUrl | null) =>
    url !== null && url.host === baseUrl.host && !isProtocolRelative(url);
  if (!resolved.every(staysLocal)) return ROOT;
  const url = resolved[0] as ParsedUrl;
  return `${url.pathname}${url.search}${url.hash}`;
}

// An http(s) URL without user info whose host is the current host or one of its subdomains, on the current port
// (both default, or the same number), and not a downgrade from https to http.
function safeAbsoluteUrl(target: string, currentOrigin: string): string {
  const authority = ABSOLUTE_HTTP.exec(target)?.[0] ?? '';
  if (authority.includes('@')) return ROOT;
  const current = httpOrigin(currentOrigin);
  const url = parseUrl(target);
  if (!current || !url || !isHttp(url) || url.username !== '' || url.password !== '') return ROOT;
  if (current.protocol === 'https:' && url.protocol !== 'https:') return ROOT;
  if (url.port !== current.port || isProtocolRelative(url)) return ROOT;
  return isSameHostOrSubdomain(url.hostname, current.hostname) ? url.href : ROOT;
}

// A normalised path beginning with '//' would be read as another host once used as a relative target.
function isProtocolRelative(url: ParsedUrl): boolean {
  return url.pathname.startsWith('//');
}

function httpOrigin(origin: string): ParsedUrl | null {
  const url = parseUrl(origin);
  return url && isHttp(url) && url.hostname !== '' ? url : null;
}

function isHttp(url: ParsedUrl): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

// The target and its successive percent-decodings, so that double-encoded line breaks are caught too.
function decodeStages(target: string): string[] {
  const stages = [target];
  let current = target;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    const decoded = safeDecode(current);
    if (decoded === null || decoded === current) break;
    stages.push(decoded);
    current = decoded;
  }
  return stages;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

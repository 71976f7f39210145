/** The parts of a WHATWG URL the domain rules read. */
export interface ParsedUrl {
  href: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
}

type UrlConstructor = new (input: string, base?: string) => ParsedUrl;

// The WHATWG URL parser exists in browsers and Node alike; it is read from globalThis because the
// package compiles without DOM or Node type libraries, so no platform-only API can slip in.
const UrlParser = (globalThis as unknown as { URL: UrlConstructor }).URL;

/** Parses a URL (relative to `base` when given) with the WHATWG parser browsers use; null when invalid. */
export function parseUrl(input: string, base?: string): ParsedUrl | null {
  try {
    return new UrlParser(input, base);
  } catch {
    return null;
  }
}

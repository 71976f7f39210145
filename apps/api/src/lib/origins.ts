// The origins links and wallet sign-in messages name. Configuration only, never a request header:
// PUBLIC_ORIGIN, else the server's own address once it listens (http://localhost:PORT); the API's
// origin is API_URL when the hosts are split, else the same; the Vite dev server's origin
// (DEV_WEB_ORIGIN, set by `npm run dev`) is one more allowed EIP-4361 site. Decision 003.
import type { AddressInfo } from 'node:net';

/** An EIP-4361 site: the domain (host[:port]) and the URI (origin) a message names. */
export interface SiweSite {
  domain: string;
  uri: string;
}

export interface Origins {
  /** Origin of the web app: links in emails. */
  web(): string;
  /** Origin of this API: the one-touch approval link. */
  api(): string;
  /** The EIP-4361 sites a sign-in message may name; the first is the default. */
  sites(): SiweSite[];
}

/** Before the server listens (tests through `inject`): the default port. */
const NOT_LISTENING = 'http://localhost:3000';

/** The server's own origin from its listening address; a wildcard address is named localhost. */
export function listeningOrigin(address: AddressInfo | string | null | undefined): string {
  if (!address || typeof address === 'string') return NOT_LISTENING;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

const originOf = (url: string) => new URL(url).origin;
const siteOf = (origin: string): SiweSite => ({ domain: new URL(origin).host, uri: origin });

export function createOrigins(options: {
  publicOrigin?: string;
  apiUrl?: string;
  devWebOrigin?: string;
  /** The server's own origin (read when a link is built: the port is known only after listen). */
  localOrigin: () => string;
}): Origins {
  const web = () => (options.publicOrigin ? originOf(options.publicOrigin) : options.localOrigin());
  return {
    web,
    api: () => (options.apiUrl ? originOf(options.apiUrl) : web()),
    sites: () => {
      const sites = [siteOf(web())];
      if (options.devWebOrigin) sites.push(siteOf(originOf(options.devWebOrigin)));
      return sites;
    },
  };
}

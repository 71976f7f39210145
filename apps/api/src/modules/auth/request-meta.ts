// What a service needs to know about the request: the client, and the origins links point to.
// The origins come from configuration (lib/origins.ts), never from the request's headers.
import type { FastifyRequest } from 'fastify';
import type { Origins, SiweSite } from '../../lib/origins';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** Origin of the web app (links in emails). */
  webOrigin: string;
  /** Origin of this API (the one-touch approval link). */
  apiOrigin: string;
  /** EIP-4361 domain and URI a new message names. */
  site: SiweSite;
  /** Every EIP-4361 site a signed message may name. */
  sites: SiweSite[];
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function requestMeta(request: FastifyRequest, origins: Origins): RequestMeta {
  const ua = header(request.headers['user-agent']);
  const sites = origins.sites();
  // The Host only chooses among the configured sites (the Vite dev server proxies with its own
  // Host); anything else gets the first one.
  const host = header(request.headers.host)?.toLowerCase();
  const site = sites.find((s) => s.domain === host) ?? (sites[0] as SiweSite);
  return {
    ip: request.ip,
    userAgent: ua ? ua.slice(0, 300) : null,
    webOrigin: origins.web(),
    apiOrigin: origins.api(),
    site,
    sites,
  };
}

// What a service needs to know about the request: the client, and the origins links point to.
import type { FastifyRequest } from 'fastify';
import type { SiweSite } from '../wallets/wallets.service';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** Origin of the web app (links in emails). */
  webOrigin: string;
  /** Origin of this API (the one-touch approval link). */
  apiOrigin: string;
  /** EIP-4361 domain and URI. */
  site: SiweSite;
}

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function requestMeta(request: FastifyRequest, publicOrigin: string | undefined): RequestMeta {
  const host = header(request.headers.host);
  const safeHost = host && HOST.test(host) ? host : 'localhost';
  const apiOrigin = `${request.protocol}://${safeHost}`;
  const origin = header(request.headers.origin);
  const webOrigin = publicOrigin ?? (origin && ORIGIN.test(origin) ? origin : apiOrigin);
  const ua = header(request.headers['user-agent']);
  return {
    ip: request.ip,
    userAgent: ua ? ua.slice(0, 300) : null,
    webOrigin,
    apiOrigin,
    site: { domain: new URL(webOrigin).host, uri: webOrigin },
  };
}

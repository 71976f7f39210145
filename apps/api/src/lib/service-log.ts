import type { FastifyBaseLogger } from 'fastify';

/**
 * What the services write to the log: the app's own logger (pino, from Fastify), so a service's warning is one
 * structured line with the request lines, at the configured level (silent in tests), never a bare console line.
 */
export type ServiceLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

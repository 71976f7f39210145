export * from './client';
export { type EmbeddedClient, isEmbeddedClient, STOP_AS_IF_CRASHED } from './pglite-thread';
export * as schema from './schema';
export * from './statements';
export { StoreInUseError } from './store-lock';
export * from './unit-of-work';

export * from './client';
export { isEmbeddedClient } from './pglite-thread';
export * as schema from './schema';
export { StoreInUseError } from './store-lock';

// The one Drizzle schema, split by area. Every table file is re-exported here; drizzle-kit reads
// this folder. After a change: `npm run db:generate -- --name <what-changed>` and commit the
// migration (never edit a committed one).

export * from './accounts';
export * from './bids';
export * from './catalog';
export * from './core';
export * from './drawings';
export * from './eligibility';
export * from './idempotency';
export * from './live';
export * from './media';
export * from './studio';
export * from './trading';

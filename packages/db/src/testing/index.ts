export * from './fixtures';
export * from './fresh-database';
export * from './postgres';
export * from './snapshots';

export * from './fresh-database';
export * from './postgres';

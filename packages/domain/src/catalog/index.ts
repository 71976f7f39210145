// Browsing and search rules shared by the web app and the API (docs/decisions/004-catalog-api.md).
export * from './badges';
export * from './explore-filters';
export * from './filter-tree';
export * from './image';
export * from './links';
export * from './price-input';
export * from './recent-searches';
export * from './sale-types';
export * from './search-text';

// Publisher studio rules (001 §5): pure, zod-free, shared by the web editor and the API.
export * from './rules';
export * from './split-amount';

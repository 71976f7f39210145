// `npm run client:generate`: writes src/schema.d.ts from the API's OpenAPI document (no server needed).
import { writeFileSync } from 'node:fs';
import { SCHEMA_FILE, schemaSource } from './schema-source';

writeFileSync(SCHEMA_FILE, await schemaSource());
console.info(`wrote ${SCHEMA_FILE}`);

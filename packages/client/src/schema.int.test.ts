// The committed types are the API's: regenerated in memory from the document the server serves, they
// are the same text. When this fails, run `npm run client:generate` and commit src/schema.d.ts.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SCHEMA_FILE, schemaSource } from '../scripts/schema-source';

it('src/schema.d.ts is what `npm run client:generate` writes from the current routes', async () => {
  const committed = readFileSync(SCHEMA_FILE, 'utf8');
  const fresh = await schemaSource();
  expect(fresh).toContain('"/api/v1/explore/nfts/"');
  // A diff of 370 KB is no help: say which lines differ first.
  const freshLines = fresh.split('\n');
  const committedLines = committed.split('\n');
  const differs = freshLines.findIndex((line, i) => line !== committedLines[i]);
  const first = differs === -1 ? freshLines.length : differs;
  const stale =
    fresh === committed
      ? null
      : `src/schema.d.ts is stale from line ${first + 1}: run npm run client:generate\n` +
        `committed: ${committedLines[first]}\ngenerated: ${freshLines[first]}`;
  expect(stale).toBeNull();
});

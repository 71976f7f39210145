// `npm run seed -- [--scale N]`: migrate the configured store and seed the demo marketplace into it
// if it is empty. With --scale N it builds a large store (N NFTs) for benchmarks.
import { parseArgs } from 'node:util';
import { readEnv } from '../env';
import { systemClock } from '../lib/clock';
import { localMediaStore } from '../modules/media/media-store';
import { openStoreOrExit, seedIfEmpty } from '../store';

const { values } = parseArgs({ options: { scale: { type: 'string' } } });
const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && (!Number.isInteger(scale) || scale < 1 || scale > 5_000_000)) {
  process.stderr.write('--scale must be a whole number of NFTs between 1 and 5000000\n');
  process.exit(2);
}

const env = readEnv();
const database = await openStoreOrExit(env);
const started = Date.now();
const result = await seedIfEmpty(database, {
  media: localMediaStore(env.DATA_DIR),
  clock: systemClock,
  scale,
  onProgress: (msg) => process.stdout.write(`  ${msg}\n`),
});
await database.close();
if (!result) {
  process.stdout.write('The store already holds data: nothing seeded. Use an empty DATA_DIR or database.\n');
} else {
  process.stdout.write(
    `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(result.counts)}\n`,
  );
}

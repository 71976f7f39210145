// The dev outbox's key when ADMIN_TOKEN is unset: random (node:crypto), made once per data folder
// and kept in DATA_DIR/outbox.key (owner-only), so the link `npm start` prints keeps working across
// restarts. Decision 003 "Outbox".
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function outboxKeyFor(dataDir: string): string {
  const file = join(dataDir, 'outbox.key');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

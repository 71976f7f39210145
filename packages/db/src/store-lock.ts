// One process at a time on an embedded store's folder. PGlite takes no lock of its own: a second
// process opening the same folder (`npm run seed` while `npm start` runs, say) writes over the first
// one's pages and corrupts the store. A lock file with the owner's pid is taken on open and removed on
// close; a lock left by a process that no longer runs is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'vitrine.lock';

/** The store's folder is in use by another process (or another opening in this one). */
export class StoreInUseError extends Error {
  override name = 'StoreInUseError';
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock or throws a message naming the process that holds it; returns the release. */
export function lockStore(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && running(holder)) {
        throw new StoreInUseError(
          `The embedded store in ${dir} is open in another process (pid ${holder}${
            holder === process.pid ? ', this one' : ''
          }). Stop it first: two processes on one store corrupt it. If no such process uses it, delete ${file}.`,
        );
      }
      // Left by a process that stopped without closing the store.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded store in ${dir}.`);
}

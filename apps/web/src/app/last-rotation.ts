// The last token refresh this browser made, kept in IndexedDB: the refresh token it spent and the
// credentials that replaced it. Local storage cannot tell a tab this in time: Chromium can hand the
// refresh lock to a waiting tab before that tab's copy of local storage shows what the lock's holder
// wrote. An IndexedDB transaction that committed before the lock was released is seen by every
// transaction started after it, in any tab (docs/decisions/025). Where IndexedDB is missing or fails,
// every read finds nothing and the refresh goes on as before.
import type { StoredCredentials } from './credentials';

export interface Rotation {
  /** The refresh token the refresh sent: spent, and its reuse would end the session. */
  spent: string;
  credentials: StoredCredentials;
}

const DATABASE = 'vitrine';
const STORE = 'auth';
const KEY = 'lastRotation';
/** A tab waits no longer for IndexedDB than this (an open blocked by an upgrade elsewhere). */
const TIMEOUT_MS = 2000;

function factory(): IDBFactory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    return null;
  }
}

function settle<T>(work: (db: IDBDatabase, done: (value: T) => void) => void, fallback: T): Promise<T> {
  const idb = factory();
  if (!idb) return Promise.resolve(fallback);
  return new Promise<T>((resolve) => {
    let finished = false;
    const finish = (value: T) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => finish(fallback), TIMEOUT_MS);
    try {
      const open = idb.open(DATABASE, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onerror = () => finish(fallback);
      open.onblocked = () => finish(fallback);
      open.onsuccess = () => {
        const db = open.result;
        try {
          work(db, (value) => {
            db.close();
            finish(value);
          });
        } catch {
          db.close();
          finish(fallback);
        }
      };
    } catch {
      finish(fallback);
    }
  });
}

function isRotation(value: unknown): value is Rotation {
  if (typeof value !== 'object' || value === null) return false;
  const { spent, credentials } = value as Record<string, unknown>;
  if (typeof spent !== 'string' || typeof credentials !== 'object' || credentials === null) return false;
  const { access_token, expiry_date } = credentials as Record<string, unknown>;
  return typeof access_token === 'string' && typeof expiry_date === 'number';
}

/** The last rotation recorded in this browser, or null. */
export function readLastRotation(): Promise<Rotation | null> {
  return settle<Rotation | null>((db, done) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY);
    request.onsuccess = () => done(isRotation(request.result) ? request.result : null);
    request.onerror = () => done(null);
  }, null);
}

/** Records a rotation; resolves once it is committed (or could not be). */
export function recordRotation(rotation: Rotation): Promise<void> {
  return settle<void>((db, done) => {
    const transaction = db.transaction(STORE, 'readwrite');
    transaction.objectStore(STORE).put(rotation, KEY);
    transaction.oncomplete = () => done();
    transaction.onerror = () => done();
    transaction.onabort = () => done();
  }, undefined);
}

/** Forgets the last rotation (on sign-out and whenever the credentials are cleared). */
export function forgetRotation(): Promise<void> {
  return settle<void>((db, done) => {
    const transaction = db.transaction(STORE, 'readwrite');
    transaction.objectStore(STORE).delete(KEY);
    transaction.oncomplete = () => done();
    transaction.onerror = () => done();
    transaction.onabort = () => done();
  }, undefined);
}

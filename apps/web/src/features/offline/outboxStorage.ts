import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem, OutboxStorage } from './outbox';

/**
 * The outbox in IndexedDB (it outlives a closed tab and a reload, which
 * localStorage would too, but IndexedDB is also what a service worker can
 * read). Through `idb`, the small promise wrapper Workbox itself uses (so it
 * adds nothing to what the app already ships), rather than raw IDB requests.
 */
interface OutboxDb extends DBSchema {
  changes: { key: number; value: OutboxItem; indexes: { member: number } };
}

const DB_NAME = 'vgl-outbox';
let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

function database(): Promise<IDBPDatabase<OutboxDb>> {
  opened ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(db) {
      const changes = db.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
      changes.createIndex('member', 'memberId');
    },
  });
  return opened;
}

export const idbOutbox: OutboxStorage = {
  async add(item) {
    const { seq: _seq, ...rest } = item;
    await (await database()).add('changes', rest as OutboxItem);
  },
  // The index returns a member's changes in key order: the order they were made.
  list: async (memberId) => (await database()).getAllFromIndex('changes', 'member', memberId),
  async remove(seq) {
    await (await database()).delete('changes', seq);
  },
};

/** Whether this browser has IndexedDB at all (not in some private modes, nor in the unit tests' jsdom). */
export const hasIndexedDb = (): boolean => typeof indexedDB !== 'undefined';

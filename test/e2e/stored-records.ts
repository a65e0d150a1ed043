import type { Page } from 'playwright-core';

/**
 * The records of one object store of the page's IndexedDB, read without creating or upgrading anything
 * (empty when the database or store does not exist yet): lets a test wait for what the page has saved.
 */
export function storedRecords(page: Page, database: string, store: string): Promise<unknown[]> {
  return page.evaluate(
    async ({ database, store }) => {
      if (!(await indexedDB.databases()).some((d) => d.name === database)) return [];
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (!db.objectStoreNames.contains(store)) return [];
        const all = db.transaction(store).objectStore(store).getAll();
        return await new Promise<unknown[]>((resolve, reject) => {
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
      } finally {
        db.close();
      }
    },
    { database, store },
  );
}

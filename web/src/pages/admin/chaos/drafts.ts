/**
 * Unsaved writing kept in the browser (IndexedDB), so a reload or a crashed tab loses nothing.
 * Not local storage: spec §3 keeps the storage record the only thing there.
 */
export interface Draft {
  content: string;
  hide: boolean;
  reservation: number | null;
  /** When the draft was last written (ms). */
  savedAt: number;
}

const DB = 'candy-drafts';
const STORE = 'drafts';

const open = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const run = async <T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> => {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
};

/** `essay:new`, `essay:12`, `article:1`, `moment:new` … */
export const loadDraft = (key: string): Promise<Draft | undefined> =>
  run<Draft | undefined>('readonly', (s) => s.get(key) as IDBRequest<Draft | undefined>).catch(
    () => undefined,
  );

export const saveDraft = (key: string, draft: Draft): Promise<void> =>
  run('readwrite', (s) => s.put(draft, key)).then(
    () => undefined,
    () => undefined,
  );

export const dropDraft = (key: string): Promise<void> =>
  run('readwrite', (s) => s.delete(key)).then(
    () => undefined,
    () => undefined,
  );

// The My Games machine's local-storage effects over any Web Storage-like object: the browser passes
// window.localStorage, tests and the CLI pass one map shared by their simulated tabs.
import { ALL_LOCAL_KEYS, LOCAL_KEYS, type LocalRaw, type LocalWrite } from './local-codec';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readLocalRaw(storage: KeyValueStorage): LocalRaw {
  return Object.fromEntries(ALL_LOCAL_KEYS.map((key) => [key, storage.getItem(key)])) as LocalRaw;
}

/** S4-31: the cross-tab check reads only the timestamp. */
export function readLocalStamp(storage: KeyValueStorage): string | null {
  return storage.getItem(LOCAL_KEYS.timestamp);
}

/** Writes every key, the timestamp last, so a tab that sees the new stamp also sees the new data. */
export function writeLocalRaw(storage: KeyValueStorage, values: LocalWrite): void {
  const keys = ALL_LOCAL_KEYS.filter((key) => key !== LOCAL_KEYS.timestamp);
  for (const key of [...keys, LOCAL_KEYS.timestamp]) {
    const value = values[key];
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  }
}

/** A Map-backed storage (tests, the CLI). */
export function memoryStorage(): KeyValueStorage & { readonly map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

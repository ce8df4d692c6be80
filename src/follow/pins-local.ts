// My Leagues in local storage, for local-only use (S4-36): the stored form of every seeded list, by sport id
// (S3-61), as one JSON text. The key is ours: S9-2 names keys for My Games only.
import { parseStoredJson, toStoredMyLeagues } from '../domain/pinned-leagues';
import type { KeyValueStorage } from './local-storage';

export const LOCAL_PINS_KEY = 'fsdc_my_leagues';

/** The well-formed part of the stored lists, in their stored form (the pin machine's `stored`); corrupt or missing
 * text reads as nothing stored. */
export function readLocalPins(storage: Pick<KeyValueStorage, 'getItem'>): Record<string, Record<string, boolean>> {
  return toStoredMyLeagues(parseStoredJson(storage.getItem(LOCAL_PINS_KEY)));
}

export function writeLocalPins(storage: KeyValueStorage, stored: Readonly<Record<string, unknown>>): void {
  storage.setItem(LOCAL_PINS_KEY, JSON.stringify(stored));
}

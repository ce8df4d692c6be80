// Which language a feed is written in. List feeds name it (`f_1_0_5_en_1`); detail and update feeds do
// not, so they speak the language of the project id in their address (47 is this edition, kk; every
// other project is read as the main, English one). Only the primary subtag counts (`ru-kz` is ru), and a
// language without a catalogue falls back to English.
import { EDITION } from '../../../src/domain/edition';

export type FeedLanguage = 'kk' | 'en' | 'ru';

const LANGUAGES: ReadonlySet<string> = new Set<FeedLanguage>(['kk', 'en', 'ru']);

/** The catalogue language for a feed name's language placeholder (`en-uk` → en, `es` → en). */
export function feedLanguage(tag: string): FeedLanguage {
  const primary = tag.split('-')[0] ?? '';
  return LANGUAGES.has(primary) ? (primary as FeedLanguage) : 'en';
}

/** The language of feeds whose names carry none, from the address's project id. */
export function projectLanguage(projectId: number): FeedLanguage {
  return projectId === EDITION.projectId ? (EDITION.language as FeedLanguage) : 'en';
}

// S2-30: the address fragment carries a reload marker with the date and category, so a reload
// comes back to the same day and tab. Form (ours): #r=<day offset>:<category>.
import { TAB_CATEGORY, type ListTab, tabFromCategory } from './tabs';

export interface ReloadMarker {
  readonly day: number;
  readonly tab: ListTab;
}

export function parseReloadMarker(hash: string): ReloadMarker | null {
  const match = /^#?r=(-?\d{1,2}):(\d{1,2})$/.exec(hash);
  if (!match) return null;
  return { day: Number(match[1]), tab: tabFromCategory(match[2]) };
}

export function reloadMarker(day: number, tab: ListTab): string {
  return `#r=${day}:${TAB_CATEGORY[tab]}`;
}

/**
 * The marker manages only a fragment that is empty or already a marker. Any other fragment belongs
 * to someone else (an OpenID provider's `#id_token=…` on the way back from social login) and is kept.
 */
export function fragmentIsOurs(hash: string): boolean {
  return hash === '' || hash === '#' || parseReloadMarker(hash) !== null;
}

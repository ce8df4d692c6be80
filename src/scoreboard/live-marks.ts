// The live mark (S4-11): a row is marked while its event is live, and the mark stays after the event
// leaves live until the live marker's keep-live delay runs out and clears it.
import type { Scopes } from './scope';
import type { Versions } from './versions';

const LIVE = 2; // S3-35 stage type live

export function isLive(stageType: number | undefined): boolean {
  return stageType === LIVE;
}

/** The mark after a row of stage type `stageType` arrived over a row marked `marked`. */
export function liveMarkAfter(marked: boolean, stageType: number | undefined): boolean {
  return marked || stageType === LIVE;
}

/** The keep-live delay of event `id` ran out: its mark goes in every scope where it is no longer live. */
export function clearLiveMark(scopes: Scopes, versions: Versions, id: string): boolean {
  const next = versions.next;
  let changed = false;
  for (const scope of scopes.all) {
    const row = scope.rows.get(id);
    if (row?.liveMarked && !isLive(row.fields.stageType)) {
      row.liveMarked = false;
      row.stamp(next);
      changed = true;
    }
  }
  if (changed) versions.commit(next, true);
  return changed;
}

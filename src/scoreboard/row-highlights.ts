// Which rows glow and until when (S9-4): a merge that changes the score lights the row up for the
// lifetime of its kind (highlights.ts); the feed cycle ends the ones that ran out, and asks when the
// next one ends (highlight-ends.ts keeps the ends in a heap).
import { type HighlightEnd, HighlightEnds } from './highlight-ends';
import { highlightKind, highlightLifetime } from './highlights';
import type { EventFieldsRow, Row } from './row';
import type { Scope, Scopes } from './scope';
import type { Versions } from './versions';

export class RowHighlights {
  private readonly ends = new HighlightEnds<Scope>();
  /** A heap entry is current while its row still shows that very highlight. */
  private readonly current = (entry: HighlightEnd<Scope>): boolean =>
    entry.scope.highlighted.has(entry.id) && entry.scope.rows.get(entry.id)?.highlight?.until === entry.until;

  constructor(
    private readonly scopes: Scopes,
    private readonly versions: Versions,
    private readonly now: () => number,
  ) {}

  /** Lights `row` up when its fields went from `before` to `after` by a score change. */
  start(scope: Scope, row: Row, before: EventFieldsRow, after: EventFieldsRow): void {
    const kind = highlightKind(before, after);
    if (!kind) return;
    const until = this.now() + highlightLifetime(kind);
    const id = after.id;
    row.highlight = { kind, until };
    scope.highlighted.add(id);
    this.ends.add({ until, id, scope });
  }

  /** Whether any highlight is still pending, in any scope. */
  pending(): boolean {
    for (const scope of this.scopes.all) if (scope.highlighted.size > 0) return true;
    return false;
  }

  /** When the first pending highlight ends (epoch ms, our clock); Infinity when none is pending. */
  nextEnd(): number {
    return this.ends.first(this.current);
  }

  /** Ends the highlights whose lifetime ran out; returns how many ended. */
  expire(): number {
    const time = this.now();
    const next = this.versions.next;
    let ended = 0;
    for (const scope of this.scopes.all) {
      for (const id of [...scope.highlighted]) {
        const row = scope.rows.get(id);
        if (!row?.highlight) {
          scope.highlighted.delete(id);
          continue;
        }
        if (row.highlight.until > time) continue;
        row.highlight = null;
        row.stamp(next);
        scope.highlighted.delete(id);
        ended++;
      }
    }
    if (ended > 0) this.versions.commit(next, false);
    return ended;
  }
}
